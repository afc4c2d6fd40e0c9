import { describe, expect, it } from 'vitest';
import { capText, classify, pickMainLog, stripCommonFolder } from './classify';
import { secretMatches } from './ci-secret';
import { makePng } from '../../test/support/sample-artifacts';

const png = makePng(4, 4, [10, 20, 30]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const gif = new TextEncoder().encode('GIF89a......');
const webp = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');
const html = new TextEncoder().encode('<html><script>alert(1)</script>');

describe('classify', () => {
  it.each([
    [['shots/01.png', 'shots/01.PNG'], png, 'screenshot', 'image/png'],
    [['a.jpg', 'a.jpeg'], jpeg, 'screenshot', 'image/jpeg'],
    [['a.gif'], gif, 'screenshot', 'image/gif'],
    [['a.webp'], webp, 'screenshot', 'image/webp'],
    [['test_output.log', 'summary.txt'], html, 'log', 'text/plain; charset=utf-8'],
    [['fake.png', 'page.html', 'image.svg', 'report.json', 'noext'], html, 'other', 'application/octet-stream'],
  ])('%j: each a %s served as %s', (names, head, fileType, contentType) => {
    for (const name of names) expect(classify(name, head), name).toMatchObject({ fileType, contentType });
  });

  it('marks conversation logs by name', () => {
    expect(classify('llm_conversation_github.txt', html).conversationLog).toBe(true);
    expect(classify('Conversation-2.log', html).conversationLog).toBe(true);
    expect(classify('conversation.json', html)).toMatchObject({ fileType: 'other', conversationLog: false });
    expect(classify('test_output.log', html).conversationLog).toBe(false);
  });
});

describe('pickMainLog', () => {
  const f = (path: string, size = 10) => ({ path, size });
  it.each([
    [[f('a.log', 500), f('test_output.log', 5)], 1],
    [[f('x/output.log', 5), f('big.log', 900)], 0],
    [[f('a.log', 5), f('b.log', 50), f('c.txt', 900)], 1],
    [[f('llm_conversation.log', 900), f('notes.txt', 5)], 1],
    [[f('llm_conversation.txt', 900), f('shot.png', 5)], undefined],
    [[], undefined],
  ])('%j → %s', (files, expected) => {
    expect(pickMainLog(files)).toBe(expected);
  });
});

describe('stripCommonFolder', () => {
  const unchanged = (paths: string[]) => [paths, paths];
  it.each([
    [
      ['r/a.log', 'r/s/1.png'],
      ['a.log', 's/1.png'],
    ],
    unchanged(['r/a.log', 'b.log']),
    unchanged(['r/a.log', 'q/b.log']),
    unchanged(['a.log']),
  ])('%j → %j', (input, expected) => {
    expect(stripCommonFolder(input)).toEqual(expected);
  });
});

describe('capText', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('keeps short text, without NUL bytes', () => {
    expect(capText(bytes('a\0b\nc'), 100)).toBe('ab\nc');
  });
  it('keeps the head and the tail of long text', () => {
    const out = capText(bytes(`HEAD${'x'.repeat(1000)}TAIL`), 100);
    expect(out.startsWith('HEAD')).toBe(true);
    expect(out.endsWith('TAIL')).toBe(true);
    expect(out).toContain('bytes omitted');
    expect(out.length).toBeLessThan(140);
  });
});

describe('secretMatches', () => {
  it.each([
    ['the-ci-secret-1', 'the-ci-secret-1', true],
    ['the-ci-secret-1', 'the-ci-secret-2', false],
    ['the-ci-secret-1', 'the-ci-secret-1 ', false],
    ['the-ci-secret-1', '', false],
    ['the-ci-secret-1', undefined, false],
  ])('%s vs %j → %s', (expected, given, ok) => {
    expect(secretMatches(expected, given)).toBe(ok);
  });
});
