import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentConfig } from '../../shared/api/agents';
import { defaultBrand } from '../../shared/brand';
import { loadCatalogue } from './catalogue';
import { bundledCatalogueDir } from './catalogue-dir';
import { iconKeys } from './catalogue-schema';
import { defaultModelClasses } from './model-substitutions';

const bundled = loadCatalogue(bundledCatalogueDir, defaultBrand);
const allCards = bundled.gallery.categories.flatMap((c) => c.agents);
const ids = [...new Set(allCards.map((a) => a.id))];

describe('the bundled agent catalogue', () => {
  it('offers at least 12 agents, opening on a featured category of 4', () => {
    expect(ids.length).toBeGreaterThanOrEqual(12);
    const featured = bundled.gallery.categories.find((c) => c.id === 'featured');
    expect(featured?.agents).toHaveLength(4);
    expect(bundled.gallery.categories.map((c) => c.id)).toEqual(expect.arrayContaining(['financial', 'healthcare', 'regulated', 'support', 'coding', 'research', 'vision']));
  });

  it('gives every card what the gallery shows: up to 5 tags, a known icon, some descriptions long enough for Read more', () => {
    for (const card of allCards) {
      expect(card.tags.length).toBeGreaterThanOrEqual(1);
      expect(card.tags.length).toBeLessThanOrEqual(5);
      expect(iconKeys).toContain(card.icon);
      expect(card.benefit.length).toBeGreaterThan(0);
    }
    expect(allCards.some((a) => a.description.length > 120)).toBe(true);
    expect(allCards.some((a) => a.description.length <= 120)).toBe(true);
  });

  it('marks every listing outside an agent home with original_category, never the home itself', () => {
    const homeOf = new Map<string, string>();
    for (const category of bundled.gallery.categories) {
      for (const card of category.agents) {
        if (card.original_category === undefined) {
          expect(homeOf.has(card.id), `${card.id} has two homes`).toBe(false);
          homeOf.set(card.id, category.id);
        }
      }
    }
    expect([...homeOf.keys()].sort()).toEqual([...ids].sort());
    expect(homeOf.get('financial-research-analyst')).toBe('financial');
    for (const card of allCards) if (card.original_category) expect(card.original_category).toBe(homeOf.get(card.id));
    // the featured tab is a showcase, so its cards point back to their industry category
    expect(bundled.gallery.categories.find((c) => c.id === 'featured')?.agents.every((a) => a.original_category)).toBe(true);
  });

  it('serves a valid AIApp for every agent, with a model the default substitutions know', () => {
    const firstChoices = defaultModelClasses.map((c) => c.alternatives[0]);
    for (const id of ids) {
      const config = agentConfig.parse(bundled.config(id));
      // the platform names the agent by metadata.name (yaml_processor.go): the display name, not the file's id
      expect(config.metadata.name).toBe(config.spec.name);
      expect(config.metadata.name).not.toBe(id);
      for (const assistant of config.spec.assistants) {
        expect(assistant.agent_type).toBe(`${defaultBrand.id}_basic`);
        expect(assistant.system_prompt.length).toBeGreaterThan(300);
        expect(firstChoices).toContainEqual({ provider: assistant.provider, model: assistant.model });
      }
    }
  });

  it('keeps the product name out of the files: the agent type follows the configured brand', () => {
    const acme = loadCatalogue(bundledCatalogueDir, { id: 'acme', name: 'Acme' });
    expect(acme.config('code-reviewer')?.spec.assistants[0]?.agent_type).toBe('acme_basic');
    const files = [path.join(bundledCatalogueDir, 'gallery.yaml'), ...fs.readdirSync(path.join(bundledCatalogueDir, 'agents')).map((n) => path.join(bundledCatalogueDir, 'agents', n))];
    for (const file of files) expect(fs.readFileSync(file, 'utf8').toLowerCase()).not.toContain(defaultBrand.id);
  });

  it('answers undefined for an agent it does not have', () => {
    expect(bundled.config('no-such-agent')).toBeUndefined();
  });
});

describe('a broken catalogue', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  function copyWith(file: string, edit: (text: string) => string): { dir: string; target: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-agents-'));
    dirs.push(dir);
    fs.cpSync(bundledCatalogueDir, dir, { recursive: true });
    const target = path.join(dir, file);
    fs.writeFileSync(target, edit(fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''));
    return { dir, target };
  }

  it.each([
    ['YAML that does not parse', 'agents/code-reviewer.yaml', (t: string) => `${t}\n  - : [unclosed`, /code-reviewer\.yaml/],
    ['a missing benefit', 'agents/code-reviewer.yaml', (t: string) => t.replace(/^benefit:.*$/m, ''), /code-reviewer\.yaml: benefit/],
    ['an unknown icon', 'agents/code-reviewer.yaml', (t: string) => t.replace(/^icon: code$/m, 'icon: rocket'), /code-reviewer\.yaml: icon/],
    ['six tags', 'agents/code-reviewer.yaml', (t: string) => t.replace(/^tags: .*$/m, 'tags: [a, b, c, d, e, f]'), /code-reviewer\.yaml: tags/],
    ['a top-level product key in the AIApp', 'agents/code-reviewer.yaml', (t: string) => t.replace(/^config:\n/m, 'config:\n  helix: {}\n'), /code-reviewer\.yaml: config.*helix/],
    [
      'an empty system prompt',
      'agents/code-reviewer.yaml',
      (t: string) => t.replace(/system_prompt: \|[\s\S]*?(?=\n\s+agent_type)/, "system_prompt: ''"),
      /code-reviewer\.yaml: config\.spec\.assistants\.0\.system_prompt/,
    ],
    [
      'an agent type outside basic and agent',
      'agents/code-reviewer.yaml',
      (t: string) => t.replace(/agent_type: basic/, 'agent_type: helix_basic'),
      /code-reviewer\.yaml: config\.spec\.assistants\.0\.agent_type/,
    ],
    [
      'an id that is not the file name',
      'agents/code-reviewer.yaml',
      (t: string) => t.replace(/^id: code-reviewer$/m, 'id: code-critic'),
      /code-reviewer\.yaml: id "code-critic" must match the file name/,
    ],
    [
      'a gallery listing an agent with no file',
      'gallery.yaml',
      (t: string) => t.replace('      - code-reviewer\n', '      - code-reviewer\n      - ghost-agent\n'),
      /gallery\.yaml: category "featured" lists "ghost-agent"/,
    ],
    [
      'an agent in no category',
      'agents/extra-agent.yaml',
      () => fs.readFileSync(path.join(bundledCatalogueDir, 'agents/code-reviewer.yaml'), 'utf8').replaceAll('code-reviewer', 'extra-agent'),
      /gallery\.yaml: agent "extra-agent" is in no category/,
    ],
    ['a gallery without metadata', 'gallery.yaml', (t: string) => t.replace(/^metadata:[\s\S]*?(?=^categories:)/m, ''), /gallery\.yaml: metadata/],
  ])('stops loading on %s, naming the file', (_label, file, edit, message) => {
    const { dir } = copyWith(file, edit);
    expect(() => loadCatalogue(dir, defaultBrand)).toThrow(message);
  });

  it('names the missing gallery file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-agents-'));
    dirs.push(dir);
    expect(() => loadCatalogue(dir, defaultBrand)).toThrow(path.join(dir, 'gallery.yaml'));
  });
});
