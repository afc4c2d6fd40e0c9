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
    for (const s of ['Ünïcödé ✓ 漢字 🚀', 'שלום עולם', "O'Brien & Co <b>", '\u200d\u200e', '']) expect(textProblem(s)).toBeUndefined();
  });

  it('safeText names the field, bounds the length and trims', () => {
    const schema = z.object({ org: z.object({ name: safeText({ required: 'Name is required', max: 5 }) }) });
    expect(schema.parse({ org: { name: '  abc ' } })).toEqual({ org: { name: 'abc' } });
    const issues = (v: string) => schema.safeParse({ org: { name: v } }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues('a\u0000b')).toEqual(['org.name: Text must not contain control characters']);
    expect(issues('   ')).toEqual(['org.name: Name is required']);
    expect(issues('abcdef')?.[0]).toMatch(/^org\.name: Too big/);
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
