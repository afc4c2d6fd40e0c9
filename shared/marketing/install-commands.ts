import { brandDomain } from '../brand';
/**
 * The one-line local install command of public-site 2.7, built from the installer flags of
 * spec 9 (api-host, external-providers, no-gpu, cli, controlplane) translated to the flags the
 * platform's real `install.sh` knows (interop.md, Installer): it exits with "Unknown option" on
 * anything else, so "no GPU" is the absence of `--runner` and "external providers" are their key
 * flags. Shared by the /deployment page and the setup guide so both show the same command.
 */

export const installOses = ['macos', 'windows', 'linux'] as const;
export type InstallOs = (typeof installOses)[number];

export const installOsLabels: Record<InstallOs, string> = {
  macos: 'macOS',
  windows: 'Windows (WSL2)',
  linux: 'Linux',
};

/** Hosted LLM providers, given to the installer by their key flags (there is no `--external-providers`). */
export interface ProviderKeys {
  /** `--openai-api-key <key>`: any OpenAI-compatible API */
  openaiApiKey?: string;
  /** `--openai-base-url <url>`: where that OpenAI-compatible API lives */
  openaiBaseUrl?: string;
  /** `--anthropic-api-key <key>` */
  anthropicApiKey?: string;
  /** `--together-api-key <key>` */
  togetherApiKey?: string;
}

/**
 * `--vhost-tls-mode`: 'off', or 'auto' which the installer refuses without
 * `--letsencrypt-email` ("--vhost-tls-mode=auto requires --letsencrypt-email"), so the type
 * makes the e-mail part of the choice.
 */
export type VhostTls = { mode: 'off' } | { mode: 'auto'; letsencryptEmail: string };

export interface InstallFlags {
  /** `--api-host <url>`: the address the platform is reached at, when not localhost */
  apiHost?: string;
  /** hosted model providers' keys (the spec's "external-providers") */
  providers?: ProviderKeys;
  /** `--cli`: install the command-line client */
  cli?: boolean;
  /** `--controlplane`: install the control plane */
  controlplane?: boolean;
  /**
   * `--runner-token <token>`: with a GPU and no control plane, the machine joins an existing
   * control plane (at `apiHost`, which is then required) as a runner.
   */
  runnerToken?: string;
  vhostTls?: VhostTls;
}

export interface InstallTarget {
  os: InstallOs;
  /** whether the machine has an NVIDIA GPU the runner may use */
  gpu: boolean;
  flags?: InstallFlags;
}

export function installScriptUrl(brandId: string): string {
  return `https://get.${brandDomain(brandId)}/install.sh`;
}

/**
 * Macs have no NVIDIA GPUs (Apple silicon has no CUDA), so macOS always installs CPU-only
 * whatever `gpu` says. Windows runs the same script inside a WSL2 shell, where NVIDIA's
 * CUDA-on-WSL driver exposes the GPU, so it follows `gpu` like Linux does.
 */
export function usesGpu(target: Pick<InstallTarget, 'os' | 'gpu'>): boolean {
  return target.os !== 'macos' && target.gpu;
}

const safeShellWord = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Single-quotes a value unless it is made only of characters a shell leaves alone. */
export function shellQuote(value: string): string {
  if (safeShellWord.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A value flag as separate words; a value the installer could mistake for a flag uses `--flag=value`. */
function valueFlag(out: string[], flag: string, value: string | undefined): void {
  const v = value?.trim();
  if (!v) return;
  if (v.startsWith('-')) out.push(`${flag}=${shellQuote(v)}`);
  else out.push(flag, shellQuote(v));
}

/**
 * The installer's flags in a fixed order, so the same choices always give the same command.
 * With neither `cli` nor `controlplane` nor a runner token chosen, a machine gets what the
 * installer's own auto mode gives it (`--cli --controlplane`), written out so the GPU choice, not
 * the installer's detection, decides about the runner: `--runner` only with a GPU. A runner
 * without the control plane joins one elsewhere, which the installer allows only with both
 * `--api-host` and `--runner-token`; anything else throws rather than print a command that fails.
 */
export function installerFlags(target: InstallTarget): string[] {
  const { flags = {} } = target;
  const apiHost = flags.apiHost?.trim();
  const runnerToken = flags.runnerToken?.trim();
  const gpu = usesGpu(target);
  const joinsRemote = gpu && !!runnerToken && !flags.controlplane;
  const defaultRole = !flags.cli && !flags.controlplane && !joinsRemote;
  const cli = defaultRole || !!flags.cli;
  const controlplane = defaultRole || !!flags.controlplane;
  if (runnerToken && !gpu) throw new Error('A runner token joins a GPU runner: the machine needs a GPU (install.sh: "--runner requires GPU")');
  if (joinsRemote && !apiHost) throw new Error('A remote runner needs the control plane address (install.sh: "you must specify both --api-host and --runner-token")');
  const out: string[] = [];
  if (cli) out.push('--cli');
  if (controlplane) out.push('--controlplane');
  if (gpu && (controlplane || joinsRemote)) out.push('--runner');
  valueFlag(out, '--api-host', apiHost);
  if (joinsRemote) valueFlag(out, '--runner-token', runnerToken);
  const p = flags.providers ?? {};
  valueFlag(out, '--openai-api-key', p.openaiApiKey);
  valueFlag(out, '--openai-base-url', p.openaiBaseUrl);
  valueFlag(out, '--anthropic-api-key', p.anthropicApiKey);
  valueFlag(out, '--together-api-key', p.togetherApiKey);
  if (flags.vhostTls) {
    if (flags.vhostTls.mode === 'auto' && !flags.vhostTls.letsencryptEmail.trim()) {
      throw new Error('--vhost-tls-mode auto needs --letsencrypt-email (install.sh refuses it without)');
    }
    valueFlag(out, '--vhost-tls-mode', flags.vhostTls.mode);
    if (flags.vhostTls.mode === 'auto') valueFlag(out, '--letsencrypt-email', flags.vhostTls.letsencryptEmail);
  }
  return out;
}

/** e.g. `curl -sL -O https://get.helixml.tech/install.sh && chmod +x install.sh && sudo ./install.sh --cli --controlplane` */
export function installCommand(target: InstallTarget, brandId: string): string {
  const run = ['sudo ./install.sh', ...installerFlags(target)].join(' ');
  return `curl -sL -O ${installScriptUrl(brandId)} && chmod +x install.sh && ${run}`;
}
