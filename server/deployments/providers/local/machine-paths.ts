/**
 * Where a machine's files are: `dir` is the host's own (pid files, UI port, account), `disk` the
 * machine's filesystem (its home, its /etc files and install log, read-only but the home).
 */
export interface MachinePaths {
  hostname: string;
  dir: string;
  disk: string;
  home: string;
  log: string;
  /** the machine's own host uid (server running as root) */
  uid?: number;
  /** the machine's control group, one folder per hierarchy */
  groups?: string[];
}
