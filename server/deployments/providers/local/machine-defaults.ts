/** A local machine's limits unless configured (LOCAL_MACHINE_*, LOCAL_SANDBOX_UID_*): the sandbox's defaults and the config's are these. */
export const machineDefaults = {
  uidBase: 200_000,
  uidClaimsDir: '/var/lib/launchpad/machine-uids',
  memoryMb: 1024,
  maxProcesses: 256,
  maxFileMb: 1024,
  cpus: 1,
  diskMb: 4096,
  limits: 'machine',
} as const;
