import fs from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

/** The packaging configuration (build/electron-builder.yml) checked against the installed electron-builder's own schema. */
const root = path.resolve(import.meta.dirname, '..');
const config = load(fs.readFileSync(path.join(root, 'build/electron-builder.yml'), 'utf8')) as Record<string, unknown> & {
  electronFuses?: Record<string, boolean>;
  mac?: { target?: string[]; hardenedRuntime?: boolean };
  publish?: { provider?: string; url?: string };
};
const schema = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as {
  properties: Record<string, unknown>;
  definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
};

describe('release build configuration', () => {
  it.each([
    ['runAsNode', false, 'ELECTRON_RUN_AS_NODE cannot turn the app into a plain Node'],
    ['enableNodeOptionsEnvironmentVariable', false, 'NODE_OPTIONS cannot inject code'],
    ['enableNodeCliInspectArguments', false, 'no --inspect debugger'],
    ['enableEmbeddedAsarIntegrityValidation', true, 'app.asar is checked against its hash'],
    ['onlyLoadAppFromAsar', true, 'code outside app.asar is never loaded'],
    ['grantFileProtocolExtraPrivileges', false, 'file: pages get no more than a browser gives them (the bundled pages are on app://)'],
  ])('fuse %s is %s (%s)', (fuse, value) => {
    expect(config.electronFuses?.[fuse]).toBe(value);
  });

  it('names only fuses this electron-builder knows (a misspelt one would be silently ignored or fail the release)', () => {
    expect(schema.properties).toHaveProperty('electronFuses');
    const known = Object.keys(schema.definitions.FuseOptionsV1.properties);
    expect(Object.keys(config.electronFuses ?? {}).filter((k) => !known.includes(k))).toEqual([]);
  });

  it('builds the zip electron-updater needs on macOS beside the dmg, with the hardened runtime for notarization', () => {
    expect(config.mac?.target).toEqual(expect.arrayContaining(['dmg', 'zip']));
    expect(config.mac?.hardenedRuntime).toBe(true);
  });

  it('publishes to the generic feed the app reads back from app-update.yml', () => {
    expect(config.publish).toMatchObject({ provider: 'generic', url: expect.stringContaining('LAUNCHPAD_UPDATE_URL') });
  });
});
