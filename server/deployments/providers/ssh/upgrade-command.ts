/**
 * The command that moves a cloud machine made by `cloud-init.ts` to another platform version, as
 * the platform's `install.sh` has it (interop.md, Installer): a control plane is upgraded in place
 * with `--upgrade --helix-version V`, which refuses runners ("--upgrade currently only supports the
 * controlplane"); a machine that also runs a GPU runner re-runs the install it had with
 * `--helix-version V` (controlplane and runner; the runner token and settings are kept in its
 * `.env`). The installer is fetched again first, so its newest flags are known.
 */
import { defaultInstallerUrl, releaseTagPattern, shellQuote } from './cloud-init';

/** Where install.sh keeps the control plane's settings; `SERVER_URL` is the `--api-host` it was installed with. */
const installedEnv = '/opt/HelixML/.env';

/** The installer's arguments for the update; `apiHost` is only used for a GPU machine. */
export function upgradeInstallerArgv(version: string, gpu: boolean, apiHost: string): string[] {
  return gpu ? ['-y', '--cli', '--controlplane', '--runner', '--api-host', apiHost, '--helix-version', version] : ['-y', '--upgrade', '--helix-version', version];
}

/** The shell script (run over SSH as root) that updates the machine to `version`; exits non-zero when the installer fails. */
export function upgradeScript(input: { version: string; gpu: boolean; installerUrl?: string }): string {
  if (!releaseTagPattern.test(input.version)) throw new Error(`invalid version ${JSON.stringify(input.version.slice(0, 80))}`);
  const apiHostWord = '"$API_HOST"';
  const args = upgradeInstallerArgv(input.version, input.gpu, apiHostWord).map((w) => (w === apiHostWord ? w : shellQuote(w)));
  return [
    'set -euo pipefail',
    'mkdir -p /opt/launchpad && cd /opt/launchpad',
    `curl -fsSL -o install.sh ${shellQuote(input.installerUrl ?? defaultInstallerUrl)}`,
    'chmod +x install.sh',
    ...(input.gpu ? [`API_HOST="$(grep -m1 '^SERVER_URL=' ${installedEnv} | cut -d= -f2-)"`, 'test -n "$API_HOST" || { echo "no SERVER_URL in the installed .env"; exit 1; }'] : []),
    `./install.sh ${args.join(' ')}`,
  ].join('\n');
}
