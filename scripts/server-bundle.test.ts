import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, serverBuildNeeded, serverEntry } from './server-bundle.mjs';

/** A project with the server's four entry points, bundled for real by esbuild. */
describe('compiled server: npm start bundles the server again only when its sources changed', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-server-bundle-'));
    write('package.json', '{"type":"module"}');
    write('tsconfig.json', '{"compilerOptions":{"strict":true}}');
    write('scripts/server-bundle.mjs', '// the build script itself');
    write('server/where.ts', 'export const catalogue = new URL("./catalogue", import.meta.url).href;');
    write('server/run.ts', 'export { catalogue } from "./where";\nexport const self = import.meta.url;\nexport const main = async () => undefined;');
    write('server/main.ts', 'import { main } from "./run";\nvoid main();');
    write('server/db/pglite-worker.ts', 'export const worker = 1;');
    write('server/db/migrate-cli.ts', 'export const migrate = 1;');
    write('server/notes.test.ts', 'it()');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('bundles on a fresh clone, then not again while nothing changed', async () => {
    expect(serverBuildNeeded(root)).toBe('no build yet');
    await buildServer(root);
    expect(serverBuildNeeded(root)).toBeUndefined();
  });

  it.each([
    ['a server source', 'server/where.ts', 'export const catalogue = "moved";'],
    ['the entry point', 'server/run.ts', 'export const main = async () => 1;'],
    ['the TypeScript settings', 'tsconfig.json', '{"compilerOptions":{"strict":false}}'],
    ['the build script', 'scripts/server-bundle.mjs', '// changed'],
  ])('bundles again after a change to %s', async (_what, rel, text) => {
    await buildServer(root);
    write(rel, text);
    expect(serverBuildNeeded(root)).toBe(`${rel} changed since the last build`);
  });

  it('does not bundle again for files the server does not import (tests, new unrelated files)', async () => {
    await buildServer(root);
    write('server/notes.test.ts', 'it("changed")');
    write('server/unused.ts', 'export {}');
    expect(serverBuildNeeded(root)).toBeUndefined();
  });

  it('bundles when the output was removed or a build stopped before it recorded what it was made from', async () => {
    await buildServer(root);
    fs.rmSync(path.join(root, 'dist', 'server', 'build-stamp.json'));
    expect(serverBuildNeeded(root)).toBe('no record of what the last build was made from');
    fs.rmSync(path.join(root, 'dist'), { recursive: true });
    expect(serverBuildNeeded(root)).toBe('no build yet');
  });

  it('finds files next to the sources it was compiled from, and knows it runs compiled', async () => {
    await buildServer(root);
    const compiled = (await import(pathToFileURL(serverEntry(root)).href)) as { catalogue: string; self: string };
    expect(compiled.catalogue).toBe(pathToFileURL(path.join(root, 'server', 'catalogue')).href);
    // the database thread's compiled code is looked for beside it (server/run.ts)
    expect(path.dirname(fileURLToPath(compiled.self))).toBe(path.join(root, 'dist', 'server'));
    expect(compiled.self).toMatch(/\.mjs$/);
  });
});
