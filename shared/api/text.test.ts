import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freeFormProblem, inspectInput, safeText, textProblem } from './text';

describe('the text rule', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', '\u0007'],
    ['escape', '\u001b[2J'],
    ['DEL', 'x\u007f'],
    ['lone high surrogate', 'a\ud800'],
    ['lone low surrogate', '\udc00b'],
    ['reversed pair', '\udc00\ud800'],
    ['right-to-left override', 'gnp\u202eexe'],
    ['left-to-right embedding', '\u202a'],
    ['first strong isolate', '\u2068x'],
    ['pop directional isolate', 'x\u2069'],
  ])('refuses %s, single- and multi-line', (_what, s) => {
    expect(textProblem(s)).toBeTruthy();
    expect(textProblem(s, { multiline: true })).toBeTruthy();
  });

  it('lets tab and newline pass only where a field is multi-line; keeps real text', () => {
    expect(textProblem('a\tb')).toMatch(/control/);
    expect(textProblem('a\r\nb')).toMatch(/control/);
    expect(textProblem('a\tb\nc', { multiline: true })).toBeUndefined();
    expect(textProblem('a\r\nb', { multiline: true })).toBeUndefined();
    expect(textProblem('a\u000bb', { multiline: true })).toMatch(/control/);
    expect(z.object({ log: safeText({ max: 20, multiline: true }) }).parse({ log: 'a\r\nb\rc\n\td' })).toEqual({ log: 'a\nb\nc\n\td' });
    for (const s of ['Ünïcödé ✓ 漢字 🚀', 'שלום עולם', "O'Brien & Co <b>", '👩\u200d💻', 'می\u200cخواهم', '']) expect(textProblem(s)).toBeUndefined();
  });

  it.each([
    ['zero-width space', 'Ad\u200bmin'],
    ['left-to-right mark', '\u200eAdmin'],
    ['right-to-left mark', 'Admin\u200f'],
    ['Arabic letter mark', '\u061cx'],
    ['byte order mark (zero-width no-break space)', 'Ad\ufeffmin'],
    ['line separator', 'a\u2028b'],
    ['paragraph separator', 'a\u2029b'],
    ['soft hyphen', 'Ad\u00admin'],
    ['combining grapheme joiner', 'A\u034fdmin'],
    ['Hangul filler', '\u3164'],
    ['Hangul choseong filler', '\u115f'],
    ['Hangul jungseong filler', '\u1160'],
    ['tag character', 'x\u{e0041}'],
    ['cancel tag', '\u{e007f}'],
    ['noncharacter U+FDD0', '\ufdd0'],
    ['noncharacter U+FFFE', '\ufffe'],
    ['noncharacter U+1FFFF', '\u{1ffff}'],
    ['noncharacter U+10FFFE', '\u{10fffe}'],
  ])('refuses %s in a single-line field (a name that reads like another), lets it pass in multi-line text', (_what, s) => {
    expect(textProblem(s)).toBe('must not contain invisible format characters');
    expect(textProblem(s, { multiline: true })).toBeUndefined();
    expect(z.object({ name: safeText({ max: 50, label: 'Name' }) }).safeParse({ name: s }).error?.issues[0]?.message).toBe('Name must not contain invisible format characters');
  });

  it('refuses eight team names that all read "Tx" (invisible operators, Mongolian vowel separator, other default-ignorables)', () => {
    const lookalikes = ['\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\u180e', '\uffa0', '\u{1bca0}'].map((ch) => `T${ch}x`);
    const name = z.object({ name: safeText({ max: 50, label: 'Name' }) });
    for (const s of lookalikes) {
      expect(textProblem(s), JSON.stringify(s)).toBe('must not contain invisible format characters');
      expect(name.safeParse({ name: s }).error?.issues[0]?.message).toBe('Name must not contain invisible format characters');
    }
    // the rest of the set: unassigned default-ignorables, U+17B4, the musical format controls, plane-14 tags
    for (const s of ['T\u2065x', 'T\u17b4x', 'T\u{1d173}x', 'T\u{e0001}x', 'T\u{e0fff}x']) expect(textProblem(s), JSON.stringify(s)).toBeTruthy();
  });

  it('keeps the joiners and the variation selectors real text needs, and refuses a variation selector that selects nothing', () => {
    for (const s of ['❤\ufe0f team', '1\ufe0f\u20e3', '#\ufe0f\u20e3', '🏳\ufe0f\u200d🌈', '👨\u200d👩\u200d👧', '葛\u{e0100}飾', 'ᠠ\u180bᠢ', '≩\ufe00', 'می\u200cخواهم'])
      expect(textProblem(s), JSON.stringify(s)).toBeUndefined();
    for (const s of ['T\ufe0fx', '\ufe0f', '1\ufe0fx', 'T\u{e0100}x', 'x\u180b', '❤\ufe0f\ufe0f']) expect(textProblem(s), JSON.stringify(s)).toBe('must not contain invisible format characters');
    expect(textProblem('T\u2061x', { multiline: true })).toBeUndefined();
  });

  it('safeText names the field, bounds the length and trims', () => {
    const schema = z.object({ org: z.object({ name: safeText({ required: 'Name is required', max: 5 }) }) });
    expect(schema.parse({ org: { name: '  abc ' } })).toEqual({ org: { name: 'abc' } });
    const issues = (v: string) => schema.safeParse({ org: { name: v } }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues('a\u0000b')).toEqual(['org.name: Text must not contain control characters']);
    expect(issues('   ')).toEqual(['org.name: Name is required']);
    // in plain words, never the validator's "Too big: expected string to have <=5 characters"
    expect(issues('abcdef')).toEqual(['org.name: Text can be at most 5 characters']);
    expect(z.object({ name: safeText({ max: 100, label: 'Name' }) }).safeParse({ name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('Name can be at most 100 characters');
    expect(issues('\u202eab')).toEqual(['org.name: Text must not contain bidirectional override characters']);
  });

  it('walks 10,000 levels without overflowing the stack and names the deep path', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(inspectInput(deep, { maxDepth: 16, maxKeys: 10 })?.message).toBe('Nested deeper than 16 levels');
    expect(inspectInput({ a: [{ b: 'ok' }, { 'c\u0000': 1 }] }, { maxDepth: 16, maxKeys: 10 })).toEqual({ path: 'a.1.c\u0000', message: 'Field name must not contain control characters' });
    expect(inspectInput({ a: 'x\ny' }, { maxDepth: 4, maxKeys: 10, multiline: true })).toBeUndefined();
    expect(inspectInput({ 'a\nb': 1 }, { maxDepth: 4, maxKeys: 10, multiline: true })?.message).toMatch(/^Field name/);
  });

  it('free-form JSON is bounded in depth, keys and size', () => {
    const limits = { maxDepth: 3, maxKeys: 4, maxBytes: 100 };
    expect(freeFormProblem({ a: { b: [1, 'two'] } }, limits)).toBeUndefined();
    expect(freeFormProblem({ a: { b: { c: { d: 1 } } } }, limits)?.message).toBe('Nested deeper than 3 levels');
    expect(freeFormProblem({ a: 1, b: 2, c: 3, d: 4, e: 5 }, limits)).toEqual({ path: '', message: 'More than 4 keys' });
    expect(freeFormProblem({ a: 'é'.repeat(60) }, limits)?.message).toBe('Larger than 100 bytes as JSON');
    expect(freeFormProblem({ a: { note: 'x\u2066' } }, limits)).toEqual({ path: 'a.note', message: 'Text must not contain bidirectional override characters' });
  });
});
