import { brandDomain } from '../brand';
/**
 * The one-line local install command of public-site 2.7, built from the installer flags of
 * spec 9 (api-host, external-providers, no-gpu, cli, controlplane). Shared by the /deployment
 * page and the setup guide so both show the same command.
 */

export const installOses = ['macos', 'windows', 'linux'] as const;
export type InstallOs = (typeof installOses)[number];

export const installOsLabels: Record<InstallOs, string> = {
  macos: 'macOS',
  windows: 'Windows (WSL2)',
  linux: 'Linux',
};

export interface InstallFlags {
  /** `--api-host <url>`: the address the platform is reached at, when not localhost */
  apiHost?: string;
  /** `--external-providers`: use hosted model providers instead of local GPU runners */
  externalProviders?: boolean;
  /** `--cli`: install only the command-line client */
  cli?: boolean;
  /** `--controlplane`: install only the control plane (no runner) */
  controlplane?: boolean;
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

/** The installer's flags in a fixed order, so the same choices always give the same command. */
export function installerFlags(target: InstallTarget): string[] {
  const { flags = {} } = target;
  const out: string[] = [];
  const apiHost = flags.apiHost?.trim();
  if (apiHost) out.push('--api-host', shellQuote(apiHost));
  if (flags.externalProviders) out.push('--external-providers');
  if (!usesGpu(target)) out.push('--no-gpu');
  if (flags.cli) out.push('--cli');
  if (flags.controlplane) out.push('--controlplane');
  return out;
}

/** e.g. `curl -sL -O https://get.helixml.tech/install.sh && chmod +x install.sh && sudo ./install.sh --no-gpu` */
export function installCommand(target: InstallTarget, brandId: string): string {
  const run = ['sudo ./install.sh', ...installerFlags(target)].join(' ');
  return `curl -sL -O ${installScriptUrl(brandId)} && chmod +x install.sh && ${run}`;
}
