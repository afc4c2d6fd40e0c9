import { describe, expect, it } from 'vitest';
import { runInstallerArgs } from '../../../../shared/marketing/install-sh-grammar';
import { upgradeInstallerArgv, upgradeScript } from './upgrade-command';

describe('version update command (contract with the platform install.sh)', () => {
  it('the command Launchpad ran before, "install.sh -y --version V", is refused by the installer: "Unknown option: --version"', () => {
    expect(runInstallerArgs(['-y', '--version', '2.12.2'], { gpu: false })).toEqual({ ok: false, message: 'Unknown option: --version' });
  });

  it('a control plane without GPU is upgraded in place: --upgrade --helix-version V passes the installer and reaches do_upgrade', () => {
    const argv = upgradeInstallerArgv('2.12.2', false, 'unused');
    expect(argv).toEqual(['-y', '--upgrade', '--helix-version', '2.12.2']);
    expect(runInstallerArgs(argv, { gpu: false })).toMatchObject({ ok: true, settings: { upgrade: true, runner: false, values: { '--helix-version': '2.12.2' } } });
    // on a machine with a GPU too: do_upgrade runs before auto mode would add a runner
    expect(runInstallerArgs(argv, { gpu: true })).toMatchObject({ ok: true, settings: { upgrade: true, runner: false } });
  });

  it('a GPU machine (control plane and runner) re-runs its install with --helix-version V, because --upgrade refuses runners', () => {
    expect(runInstallerArgs(['-y', '--upgrade', '--runner', '--helix-version', '2.12.2'], { gpu: true })).toEqual({ ok: false, message: 'Error: --upgrade currently only supports the controlplane.' });
    const argv = upgradeInstallerArgv('2.12.2', true, 'https://203-0-113-7.cluster.example.com');
    expect(runInstallerArgs(argv, { gpu: true })).toMatchObject({
      ok: true,
      settings: { upgrade: false, controlplane: true, runner: true, values: { '--helix-version': '2.12.2', '--api-host': 'https://203-0-113-7.cluster.example.com' } },
    });
  });

  it('the script fetches the installer again and runs it with those arguments; a GPU machine keeps the address it was installed with', () => {
    const cpu = upgradeScript({ version: '2.12.2', gpu: false });
    expect(cpu).toContain("curl -fsSL -o install.sh 'https://get.helixml.tech/install.sh'");
    expect(cpu.split('\n').at(-1)).toBe("./install.sh '-y' '--upgrade' '--helix-version' '2.12.2'");
    expect(cpu).not.toMatch(/--version\b/);
    const gpu = upgradeScript({ version: '2.13.0-rc1', gpu: true });
    expect(gpu).toContain(`API_HOST="$(grep -m1 '^SERVER_URL=' /opt/HelixML/.env | cut -d= -f2-)"`);
    expect(gpu.split('\n').at(-1)).toBe(`./install.sh '-y' '--cli' '--controlplane' '--runner' '--api-host' "$API_HOST" '--helix-version' '2.13.0-rc1'`);
    expect(() => upgradeScript({ version: '2.12.2; reboot', gpu: false })).toThrow(/invalid version/);
  });
});
