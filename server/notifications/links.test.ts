import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });

describe('links in notices, alerts and e-mails', () => {
  it('are built from the shared path table (shared/routes/app-paths.ts), never spelled by hand', () => {
    const spelled = sources(serverDir).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(serverDir, file)}:${i + 1}` }))
        .filter(({ line }) => /\blink:\s*['`]\//.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(spelled).toEqual([]);
  });
});
