import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseChecklist, report } from './desktop-manual-check';

const checklist = fs.readFileSync(path.join(import.meta.dirname, 'desktop-manual-check.md'), 'utf8');

describe('the desktop manual check script', () => {
  it('walks every step of the checklist, each with what to do and what to expect', () => {
    const steps = parseChecklist(checklist);
    expect(steps.map((s) => s.id)).toEqual(['1a', '1b', '1c', '1d', '1e', '2', '3a', '3b', '3c', '4a', '4b', '4c', '5a', '5b', '6a', '6b', '6c', '6d', '6e', '6f', '6g', '6h', '6i']);
    for (const s of steps) {
      expect(s.step, s.id).not.toBe('');
      expect(s.expected, s.id).not.toBe('');
    }
    expect(steps[0]?.expected).toContain('Always allow for this server');
  });

  it('writes the answers as a report for the operating system, steps not reached marked so', () => {
    const steps = parseChecklist(checklist).slice(0, 3);
    const text = report(
      steps,
      new Map([
        ['1a', { verdict: 'pass', note: '' }],
        ['1b', { verdict: 'fail', note: 'no dialog | the second time' }],
      ]),
      { os: 'Linux', app: 'npx electron dist/electron/main.cjs', date: '2026-11-28T09:00:00Z' },
    );
    expect(text).toContain('# Desktop manual check: Linux, 2026-11-28T09:00:00Z');
    expect(text).toContain('1 passed, 1 failed, 0 skipped, 1 not run.');
    expect(text).toMatch(/\| 1a \| .* \| pass \| {2}\|/);
    expect(text).toContain('| fail | no dialog \\| the second time |');
    expect(text).toMatch(/\| 1c \| .* \| not run \| {2}\|/);
  });
});
