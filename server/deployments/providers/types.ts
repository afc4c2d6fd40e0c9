import type { ProviderName } from '../../../shared/deployments/vocabulary';

/**
 * One interface for every place a deployment can run: `local` (processes on this machine),
 * `hetzner` (trial VMs) and `civo` (GPU instances).
 */

export interface MachineSpec {
  deploymentId: string;
  /** hostname-safe, unique: `lp-<first 12 hex of the id>` */
  hostname: string;
  typeId: string;
  gpu: boolean;
  /** platform release to install */
  version: string;
  /** OpenSSH public key line generated for this deployment */
  sshPublicKey: string;
  /** provider labels/tags that mark the machine as Launchpad's: `launchpad=true`, `launchpad-deployment=<id>` */
  labels: Record<string, string>;
  /**
   * this Launchpad installation's id (server/deployments/installation.ts), labelled
   * `launchpad-installation=<id>` so the reconciler deletes only this installation's machines.
   * The provisioner always gives it; the local provider has no use for it.
   */
  installationId?: string;
  /**
   * GPU only: the account's model-hub token, given to the control plane's install as `--hf-token`
   * (the runners get it from there). A secret: never logged, never in an event or an answer.
   */
  modelHubToken?: string;
}

export type MachineState = 'provisioning' | 'running' | 'stopped' | 'missing';

export interface Machine {
  serverId: string;
  state: MachineState;
  ipv4: string | null;
  /** from the machine's labels; undefined for machines without one */
  deploymentId: string | undefined;
  /**
   * the `launchpad-installation` label: which Launchpad made it. Undefined for machines made before
   * the label existed, and for local machines (they live in this installation's own DATA_DIR).
   */
  installationId?: string;
}

/** How to reach a machine once it exists. */
export interface MachineTarget {
  deploymentId: string;
  serverId: string;
  ipv4: string | null;
  sshPrivateKey: string | null;
}

export interface ShellSession {
  write(data: string): void;
  resize(rows: number, cols: number): void;
  onData(listener: (chunk: string) => void): void;
  onExit(listener: (code: number | null) => void): void;
  /** ends the shell and everything it started */
  kill(): void;
  /** flow control: stop reading the shell's output (it blocks once the terminal's buffers fill) */
  pause?(): void;
  /** flow control: read output again after pause() */
  resume?(): void;
}

export interface OpenShellOptions {
  rows: number;
  cols: number;
  /** replaces the login shell when given */
  command?: string;
  /**
   * first stream the install log (cloud-init-output.log) from its start until the
   * "Cloud-init … finished" line (a finished log is printed whole), then continue as the shell
   */
  followInstall?: boolean;
}

export interface ExecResult {
  code: number | null;
  output: string;
}

export interface Provider {
  readonly name: ProviderName;
  /** why `user` may not start a machine with this provider; undefined when they may */
  admits?(user: { isAdmin: boolean }): string | undefined;
  create(spec: MachineSpec): Promise<Machine>;
  /** state `missing` when the machine no longer exists */
  get(serverId: string): Promise<Machine>;
  /** idempotent: deleting a missing machine succeeds */
  delete(serverId: string): Promise<void>;
  /**
   * every machine labelled `launchpad=true` (any installation's: the caller keeps its own by
   * `installationId`), for orphan clean-up
   */
  listOwned(): Promise<Machine[]>;
  /** runs a command to completion (setup steps, log collection) */
  exec(target: MachineTarget, command: string, opts?: { timeoutMs?: number }): Promise<ExecResult>;
  /** an interactive shell with a pseudo-terminal; `command` replaces the login shell when given */
  openShell(target: MachineTarget, opts: OpenShellOptions): Promise<ShellSession>;
  /** the cloud-init output log of the install, or null while it does not exist yet */
  installLog(target: MachineTarget): Promise<string | null>;
  /** where "Launch UI" goes, or null until the UI is reachable */
  uiUrl(target: MachineTarget): Promise<string | null>;
}

/** The cloud-init style log line that marks the end of an install (the terminal auto-closes on it). */
export const installFinishedPattern = /Cloud-init.*finished/;

export class ProviderError extends Error {
  constructor(
    message: string,
    /** HTTP status from the provider's API, when there was one */
    public readonly status?: number,
    /** worth trying again later (429, 5xx, timeouts) */
    public readonly retryable = false,
    /** the API's machine-readable error code (Civo `code`, Hetzner `error.code`), when it gave one */
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
