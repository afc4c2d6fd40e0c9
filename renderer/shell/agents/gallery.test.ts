import { describe, expect, it } from 'vitest';
import type { Agent, AgentCategory } from '../../../shared/api/agents';
import { allTabCards, defaultTab, featuredAgents, tabCards, truncateDescription, visibleTags } from './gallery';

const agent = (id: string, extra: Partial<Agent> = {}): Agent => ({ id, name: id, description: '', benefit: '', tags: [], icon: 'chart', ...extra });
const category = (id: string, agents: Agent[], name = id.toUpperCase()): AgentCategory => ({ id, name, icon: 'star', agents });

describe('default tab', () => {
  it.each([
    [[], 'all'],
    [['finance'], 'finance'],
    [['finance', 'featured'], 'featured'],
    [['health', 'finance'], 'health'],
  ])('categories %o open on %s', (ids, tab) => {
    expect(defaultTab(ids.map((id) => ({ id })))).toBe(tab);
  });
});

describe('All tab', () => {
  it('lists each agent once, prefers the entry with original_category and labels it with that category', () => {
    const categories = [
      category('featured', [agent('risk'), agent('triage', { original_category: 'health', benefit: 'featured copy' })], 'Featured'),
      category('finance', [agent('risk', { original_category: 'finance', benefit: 'finance copy' }), agent('audit')], 'Finance'),
      category('health', [agent('triage', { benefit: 'health copy' })], 'Healthcare'),
    ];
    expect(allTabCards(categories).map((c) => [c.agent.id, c.agent.benefit, c.categoryName])).toEqual([
      ['risk', 'finance copy', 'Finance'],
      ['triage', 'featured copy', 'Healthcare'],
      ['audit', '', 'Finance'],
    ]);
  });

  it.each([
    ['the category it was found in', agent('a'), 'Finance'],
    ['an unknown original_category as given', agent('a', { original_category: 'legal' }), 'legal'],
  ])('without a known original category the label is %s', (_what, a, label) => {
    expect(allTabCards([category('finance', [a], 'Finance')])[0]?.categoryName).toBe(label);
  });

  it('other tabs show their own agents without a label, unknown tabs nothing', () => {
    const categories = [category('finance', [agent('risk')]), category('health', [agent('triage')])];
    expect(tabCards(categories, 'health').map((c) => [c.agent.id, c.categoryName])).toEqual([['triage', undefined]]);
    expect(tabCards(categories, 'nope')).toEqual([]);
  });
});

describe('description truncation at 120 characters', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 10}`).join(' ');
  it.each([
    ['short text', 'A short description.', false],
    ['exactly 120', 'x'.repeat(120), false],
    ['121 characters', 'x'.repeat(121), true],
    ['long prose', words(60), true],
  ])('%s', (_name, text, truncated) => {
    const out = truncateDescription(text);
    expect(out.truncated).toBe(truncated);
    expect(out.text.length).toBeLessThanOrEqual(121);
    if (!truncated) expect(out.text).toBe(text);
    else expect(out.text.endsWith('…')).toBe(true);
  });

  it('breaks at a word boundary', () => {
    expect(truncateDescription(words(60)).text).toMatch(/ w\d…$/);
  });
});

describe('tags and featured agents', () => {
  it.each([
    [[], []],
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    [
      ['a', 'b', 'c', 'd', 'e'],
      ['a', 'b', 'c'],
    ],
  ])('tags %o show as %o', (tags, shown) => {
    expect(visibleTags(tags)).toEqual(shown);
  });

  it('features the first 4 of the featured tab, topped up from All', () => {
    const categories = [category('featured', [agent('a'), agent('b')]), category('x', [agent('b'), agent('c'), agent('d'), agent('e')])];
    expect(featuredAgents(categories).map((a) => a.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(featuredAgents([])).toEqual([]);
  });
});
