import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNeeded, rendererInputsHash, writeStamp } from './renderer-stamp.mjs';

describe('renderer build stamp: npm start rebuilds only when the build inputs changed', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const built = () => {
    write('dist/renderer/index.html', '<!doctype html>');
    writeStamp(root, rendererInputsHash(root));
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-stamp-'));
    write('renderer/index.html', '<div id="root"></div>');
    write('renderer/main.tsx', 'render()');
    write('shared/brand.ts', 'export const name = "Helix";');
    write('vite.config.ts', 'export default {}');
    write('package-lock.json', '{"lockfileVersion":3}');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds on a fresh clone, then not again while nothing changed', () => {
    expect(buildNeeded(root, rendererInputsHash(root))).toBe('no build yet');
    built();
    expect(buildNeeded(root, rendererInputsHash(root))).toBeUndefined();
  });

  it.each([
    ['a renderer source', 'renderer/main.tsx', 'render(changed)'],
    ['a new renderer file', 'renderer/pages/new.tsx', 'export {}'],
    ['shared code', 'shared/brand.ts', 'export const name = "Other";'],
    ['the Vite configuration', 'vite.config.ts', 'export default { base: "/x" }'],
    ['the installed packages', 'package-lock.json', '{"lockfileVersion":3,"x":1}'],
  ])('builds again after a change to %s', (_what, rel, text) => {
    built();
    write(rel, text);
    expect(buildNeeded(root, rendererInputsHash(root))).toMatch(/changed since the last build/);
  });

  it('does not build again for a changed test file, which is not part of the bundle', () => {
    built();
    write('renderer/main.test.tsx', 'it()');
    expect(buildNeeded(root, rendererInputsHash(root))).toBeUndefined();
  });

  it('builds when the output was removed or a build stopped before it recorded its stamp', () => {
    built();
    fs.rmSync(path.join(root, 'dist', 'renderer'), { recursive: true });
    expect(buildNeeded(root, rendererInputsHash(root))).toBe('no build yet');
    write('dist/renderer/index.html', '<!doctype html>');
    fs.rmSync(path.join(root, 'dist', 'renderer.stamp'));
    expect(buildNeeded(root, rendererInputsHash(root))).toBe('no record of what the last build was made from');
  });
});
