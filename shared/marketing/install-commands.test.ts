import { describe, expect, it } from 'vitest';
import { type InstallFlags, type InstallTarget, type ProviderKeys, type VhostTls, installCommand, installOses, installScriptUrl, shellQuote, usesGpu } from './install-commands';
import { type Machine, installerArgv, runInstallerArgs } from './install-sh-grammar';

const prefix = 'curl -sL -O https://get.helixml.tech/install.sh && chmod +x install.sh && sudo ./install.sh';

/** Runs a generated command's installer arguments through install.sh's own argument handling. */
function installerAccepts(command: string, machine: Machine) {
  return runInstallerArgs(installerArgv(command), machine);
}

describe('local install command', () => {
  it.each([
    ['linux', true, ' --cli --controlplane --runner'],
    ['linux', false, ' --cli --controlplane'],
    ['windows', true, ' --cli --controlplane --runner'],
    ['windows', false, ' --cli --controlplane'],
    // Macs have no NVIDIA GPU: always CPU-only.
    ['macos', true, ' --cli --controlplane'],
    ['macos', false, ' --cli --controlplane'],
  ] as const)('%s with gpu=%s ends in "%s"', (os, gpu, tail) => {
    expect(installCommand({ os, gpu }, 'helix')).toBe(`${prefix}${tail}`);
  });

  it('adds every installer flag in a fixed order', () => {
    const cmd = installCommand(
      {
        os: 'linux',
        gpu: false,
        flags: {
          controlplane: true,
          cli: true,
          providers: { openaiApiKey: 'sk-1', openaiBaseUrl: 'https://llm.example.com/v1', anthropicApiKey: 'ak-2', togetherApiKey: 'tk-3' },
          apiHost: 'https://ai.example.com',
          vhostTls: { mode: 'auto', letsencryptEmail: 'ops@example.com' },
        },
      },
      'helix',
    );
    expect(cmd).toBe(
      `${prefix} --cli --controlplane --api-host https://ai.example.com --openai-api-key sk-1 --openai-base-url https://llm.example.com/v1 --anthropic-api-key ak-2 --together-api-key tk-3 --vhost-tls-mode auto --letsencrypt-email ops@example.com`,
    );
  });

  it('leaves out a blank api host and blank provider keys', () => {
    const cmd = installCommand({ os: 'linux', gpu: true, flags: { apiHost: '  ', providers: { openaiApiKey: ' ', togetherApiKey: '' } } }, 'helix');
    expect(cmd).toBe(`${prefix} --cli --controlplane --runner`);
  });

  it('quotes an api host the shell would otherwise split or expand', () => {
    const cmd = installCommand({ os: 'linux', gpu: true, flags: { apiHost: 'http://a b/$x' } }, 'helix');
    expect(cmd).toBe(`${prefix} --cli --controlplane --runner --api-host 'http://a b/$x'`);
    expect(installerArgv(cmd)).toContain('http://a b/$x');
  });

  it('takes the script address from the brand', () => {
    expect(installScriptUrl('acme')).toBe('https://get.acmeml.tech/install.sh');
    expect(installCommand({ os: 'linux', gpu: true }, 'acme')).toContain('https://get.acmeml.tech/install.sh');
  });

  it('a GPU machine joins a remote control plane with --runner --api-host --runner-token', () => {
    const cmd = installCommand({ os: 'linux', gpu: true, flags: { apiHost: 'https://ai.example.com', runnerToken: 'tok123' } }, 'helix');
    expect(cmd).toBe(`${prefix} --runner --api-host https://ai.example.com --runner-token tok123`);
  });

  it('refuses to build a command the installer would refuse', () => {
    expect(() => installCommand({ os: 'linux', gpu: true, flags: { runnerToken: 'tok' } }, 'helix')).toThrow(/--api-host/);
    expect(() => installCommand({ os: 'linux', gpu: false, flags: { apiHost: 'https://a.example', runnerToken: 'tok' } }, 'helix')).toThrow(/GPU/);
    expect(() => installCommand({ os: 'linux', gpu: false, flags: { vhostTls: { mode: 'auto', letsencryptEmail: ' ' } } }, 'helix')).toThrow(/letsencrypt-email/);
  });

  it('writes a value that starts with "-" as --flag=value so the installer cannot read it as a flag', () => {
    const cmd = installCommand({ os: 'linux', gpu: false, flags: { providers: { openaiApiKey: '-weird' } } }, 'helix');
    expect(cmd).toBe(`${prefix} --cli --controlplane --openai-api-key=-weird`);
    expect(installerAccepts(cmd, { gpu: false })).toMatchObject({ ok: true, settings: { values: { '--openai-api-key': '-weird' } } });
  });
});

describe('install.sh flag grammar (contract with the real installer)', () => {
  const providerSets: (ProviderKeys | undefined)[] = [
    undefined,
    { openaiApiKey: 'sk-x' },
    { openaiApiKey: 'sk-x', openaiBaseUrl: 'https://llm.example.com/v1' },
    { anthropicApiKey: 'a b' },
    { togetherApiKey: 't' },
  ];
  const apiHosts = [undefined, '', 'https://ai.example.com', 'http://10.0.0.5:8080'];
  const roles: Pick<InstallFlags, 'cli' | 'controlplane' | 'runnerToken'>[] = [{}, { cli: true }, { controlplane: true }, { cli: true, controlplane: true }, { runnerToken: 'tok' }];
  const tls: (VhostTls | undefined)[] = [undefined, { mode: 'off' }, { mode: 'auto', letsencryptEmail: 'ops@example.com' }];
  const targets: InstallTarget[] = [];
  for (const os of installOses)
    for (const gpu of [true, false])
      for (const providers of providerSets)
        for (const apiHost of apiHosts) for (const role of roles) for (const vhostTls of tls) targets.push({ os, gpu, flags: { ...role, apiHost, providers, vhostTls } });

  it(`every generated command (${targets.length} combinations) passes install.sh's "Unknown option" check, value-flag arity and its pre-install checks, or is refused before it is shown`, () => {
    let built = 0;
    for (const target of targets) {
      let cmd: string;
      try {
        cmd = installCommand(target, 'helix');
      } catch {
        // only the combinations the installer itself refuses may be refused
        const f = target.flags ?? {};
        expect(!!f.runnerToken?.trim() && (!usesGpu(target) || !f.apiHost?.trim())).toBe(true);
        continue;
      }
      built += 1;
      const outcome = installerAccepts(cmd, { gpu: usesGpu(target) });
      expect(outcome, cmd).toMatchObject({ ok: true });
      if (!outcome.ok) continue;
      // no GPU = no runner, whatever the installer's auto mode would detect
      expect(outcome.settings.runner, cmd).toBe(usesGpu(target) && (target.flags?.controlplane === true || !target.flags?.cli || !!target.flags.runnerToken));
      expect(cmd).not.toMatch(/--no-gpu|--external-providers/);
    }
    expect(built).toBeGreaterThan(targets.length / 2);
  });

  it('install.sh rule "*) echo Unknown option: $1; exit 1": the old --no-gpu and --external-providers are refused', () => {
    expect(runInstallerArgs(['--no-gpu'], { gpu: false })).toEqual({ ok: false, message: 'Unknown option: --no-gpu' });
    expect(runInstallerArgs(['--cli', '--external-providers'], { gpu: false })).toEqual({ ok: false, message: 'Unknown option: --external-providers' });
  });

  it('install.sh rule "--runner requires GPU (NVIDIA or AMD)" and "--runner requires either --runner-token or --controlplane"', () => {
    expect(runInstallerArgs(['--cli', '--controlplane', '--runner'], { gpu: false })).toMatchObject({ ok: false, message: expect.stringContaining('requires GPU') });
    expect(runInstallerArgs(['--runner'], { gpu: true })).toMatchObject({ ok: false, message: expect.stringContaining('--runner requires either') });
    expect(runInstallerArgs(['--runner', '--runner-token', 't'], { gpu: true })).toMatchObject({ ok: false, message: expect.stringContaining('both --api-host and --runner-token') });
    expect(runInstallerArgs(['--runner', '--api-host', 'https://a.example', '--runner-token', 't'], { gpu: true })).toMatchObject({ ok: true });
  });

  it('install.sh rule "--vhost-tls-mode=auto requires --letsencrypt-email" and "value flags take $2"', () => {
    expect(runInstallerArgs(['--controlplane', '--vhost-tls-mode', 'auto'], { gpu: false })).toMatchObject({ ok: false, message: expect.stringContaining('requires --letsencrypt-email') });
    expect(runInstallerArgs(['--controlplane', '--api-host'], { gpu: false })).toEqual({ ok: false, message: '$2: unbound variable' });
    expect(runInstallerArgs(['--api-host', '--cli'], { gpu: false })).toMatchObject({ ok: false });
    expect(runInstallerArgs(['--controlplane', '--vhost-tls-mode=auto', '--letsencrypt-email=a@b.c'], { gpu: false })).toMatchObject({ ok: true });
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
