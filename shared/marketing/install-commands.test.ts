import { describe, expect, it } from 'vitest';
import { installCommand, installScriptUrl, shellQuote, usesGpu } from './install-commands';

const prefix = 'curl -sL -O https://get.helixml.tech/install.sh && chmod +x install.sh && sudo ./install.sh';

describe('local install command', () => {
  it.each([
    ['linux', true, ''],
    ['linux', false, ' --no-gpu'],
    ['windows', true, ''],
    ['windows', false, ' --no-gpu'],
    // Macs have no NVIDIA GPU: always CPU-only.
    ['macos', true, ' --no-gpu'],
    ['macos', false, ' --no-gpu'],
  ] as const)('%s with gpu=%s ends in "%s"', (os, gpu, tail) => {
    expect(installCommand({ os, gpu }, 'helix')).toBe(`${prefix}${tail}`);
  });

  it('adds every installer flag in a fixed order', () => {
    const cmd = installCommand(
      { os: 'linux', gpu: false, flags: { controlplane: true, cli: true, externalProviders: true, apiHost: 'https://ai.example.com' } },
      'helix',
    );
    expect(cmd).toBe(`${prefix} --api-host https://ai.example.com --external-providers --no-gpu --cli --controlplane`);
  });

  it('leaves out false flags and a blank api host', () => {
    const cmd = installCommand({ os: 'linux', gpu: true, flags: { apiHost: '  ', cli: false, controlplane: false, externalProviders: false } }, 'helix');
    expect(cmd).toBe(prefix);
  });

  it('quotes an api host the shell would otherwise split or expand', () => {
    const cmd = installCommand({ os: 'linux', gpu: true, flags: { apiHost: 'http://a b/$x' } }, 'helix');
    expect(cmd).toBe(`${prefix} --api-host 'http://a b/$x'`);
  });

  it('takes the script address from the brand', () => {
    expect(installScriptUrl('acme')).toBe('https://get.acmeml.tech/install.sh');
    expect(installCommand({ os: 'linux', gpu: true }, 'acme')).toContain('https://get.acmeml.tech/install.sh');
  });
});

describe('shell quoting', () => {
  it.each([
    ['https://x.example:8080/path', 'https://x.example:8080/path'],
    ['a b', "'a b'"],
    ["it's", `'it'\\''s'`],
    ['', "''"],
  ])('%j → %s', (input, quoted) => {
    expect(shellQuote(input)).toBe(quoted);
  });
});

describe('gpu use', () => {
  it('follows the gpu choice except on macOS', () => {
    expect(usesGpu({ os: 'linux', gpu: true })).toBe(true);
    expect(usesGpu({ os: 'windows', gpu: true })).toBe(true);
    expect(usesGpu({ os: 'macos', gpu: true })).toBe(false);
  });
});
