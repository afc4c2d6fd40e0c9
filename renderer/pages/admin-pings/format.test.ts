import { describe, expect, it } from 'vitest';
import { behindText, metadataSummary, pageCount, short, shortVersion, usersText } from './format';

describe('ping dashboard formatting', () => {
  it('shows short ids, versions that say they are cut, and page counts', () => {
    expect(short('a3f5c9d2e1b4')).toBe('a3f5c9d');
    expect(shortVersion('2.12.2')).toBe('2.12.2');
    expect(shortVersion('2.12.2-rc.3')).toBe('2.12.2-…');
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(61, 30)).toBe(3);
  });
});

describe('metadata on one line', () => {
  it.each([
    [{}, ''],
    [{ edition: 'server', gpu_count: 2, kubernetes: false }, 'edition: server · gpu_count: 2 · kubernetes: false'],
    [{ providers: ['openai', 'vllm'], nested: { a: 1 }, list: [{ a: 1 }], none: null }, 'providers: openai, vllm · nested: {…} · list: [1] · none: null'],
  ])('%o reads %s', (metadata, text) => expect(metadataSummary(metadata)).toBe(text));
});

describe('insight texts', () => {
  it.each([
    [null, 'Unknown'],
    [0, 'Latest'],
    [3, '3 behind'],
  ] as const)('%s versions behind reads %s', (n, text) => expect(behindText(n)).toBe(text));
  it('shows users against the limit when there is one', () => {
    expect(usersText(9, 5)).toBe('9 / 5');
    expect(usersText(9, null)).toBe('9');
  });
});
