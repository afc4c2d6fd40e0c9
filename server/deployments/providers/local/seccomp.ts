/**
 * The seccomp filter of a local machine, as the classic-BPF program bubblewrap loads with
 * `--seccomp FD`. It denies what a shell user never needs and what container runtimes' default
 * profiles deny (Docker's, Podman's): the kernel keyring, eBPF, perf events, mounting, kexec,
 * kernel modules, new namespaces, userfaultfd, file handles, swap, reboot, process accounting,
 * the clock, io_uring. Generated here (npm has no seccomp package; Debian's libseccomp would need
 * a native addon, and no tool writes a raw filter): one short program per architecture, checked by
 * `seccomp.test.ts` with an interpreter and by the isolation test inside a real machine.
 */

export type SeccompArch = 'x64' | 'arm64';

/** Deny with EPERM, as if the caller lacked the privilege. */
const denied = {
  keyctl: { x64: 250, arm64: 219 },
  add_key: { x64: 248, arm64: 217 },
  request_key: { x64: 249, arm64: 218 },
  bpf: { x64: 321, arm64: 280 },
  perf_event_open: { x64: 298, arm64: 241 },
  mount: { x64: 165, arm64: 40 },
  umount2: { x64: 166, arm64: 39 },
  pivot_root: { x64: 155, arm64: 41 },
  chroot: { x64: 161, arm64: 51 },
  open_tree: { x64: 428, arm64: 428 },
  move_mount: { x64: 429, arm64: 429 },
  fsopen: { x64: 430, arm64: 430 },
  fsconfig: { x64: 431, arm64: 431 },
  fsmount: { x64: 432, arm64: 432 },
  fspick: { x64: 433, arm64: 433 },
  mount_setattr: { x64: 442, arm64: 442 },
  kexec_load: { x64: 246, arm64: 104 },
  kexec_file_load: { x64: 320, arm64: 294 },
  init_module: { x64: 175, arm64: 105 },
  finit_module: { x64: 313, arm64: 273 },
  delete_module: { x64: 176, arm64: 106 },
  setns: { x64: 308, arm64: 268 },
  userfaultfd: { x64: 323, arm64: 282 },
  open_by_handle_at: { x64: 304, arm64: 265 },
  name_to_handle_at: { x64: 303, arm64: 264 },
  swapon: { x64: 167, arm64: 224 },
  swapoff: { x64: 168, arm64: 225 },
  reboot: { x64: 169, arm64: 142 },
  acct: { x64: 163, arm64: 89 },
  settimeofday: { x64: 164, arm64: 170 },
  clock_settime: { x64: 227, arm64: 112 },
  clock_adjtime: { x64: 305, arm64: 266 },
  quotactl: { x64: 179, arm64: 60 },
  lookup_dcookie: { x64: 212, arm64: 18 },
  vhangup: { x64: 153, arm64: 58 },
  io_uring_setup: { x64: 425, arm64: 425 },
  io_uring_enter: { x64: 426, arm64: 426 },
  io_uring_register: { x64: 427, arm64: 427 },
  // x86_64 only
  iopl: { x64: 172 },
  ioperm: { x64: 173 },
  uselib: { x64: 134 },
} satisfies Record<string, Partial<Record<SeccompArch, number>>>;

/** unshare and clone are fine for threads and processes; denied only when asking for a namespace. */
const namespaceChecked = { unshare: { x64: 272, arm64: 97 }, clone: { x64: 56, arm64: 220 } } as const;
/** clone3 passes its flags in memory, out of a filter's sight: ENOSYS makes the C library fall back to clone. */
const clone3 = { x64: 435, arm64: 435 } as const;

/** CLONE_NEWTIME | NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET */
export const cloneNamespaceFlags = 0x80 | 0x20000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

export const auditArch: Record<SeccompArch, number> = { x64: 0xc000003e, arm64: 0xc00000b7 };
/** x86_64's x32 ABI: the same audit arch, syscall numbers with this bit set */
const x32Bit = 0x40000000;

export const ret = { killProcess: 0x80000000, allow: 0x7fff0000, errno: (e: number) => 0x00050000 | e } as const;
export const EPERM = 1;
export const ENOSYS = 38;

/** classic BPF opcodes used here */
export const op = { ldAbsW: 0x20, jeq: 0x15, jge: 0x35, jset: 0x45, retK: 0x06 } as const;
/** offsets in struct seccomp_data: nr, arch, then the six 64-bit arguments (low half first: little-endian) */
export const offset = { nr: 0, arch: 4, arg0: 16 } as const;

export interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

export function seccompSupported(arch: string): arch is SeccompArch {
  return arch === 'x64' || arch === 'arm64';
}

type Target = 'deny' | 'nosys' | 'allow' | 'flags' | 'kill' | 'next';
type Draft = { code: number; k: number; jt?: Target; jf?: Target };

/** The filter's instructions for one architecture. */
export function seccompProgram(arch: SeccompArch): Insn[] {
  const draft: Draft[] = [];
  const labels = new Map<Target, number>();
  // A process of another architecture (32-bit x86 through int 0x80) would bypass the numbers below.
  draft.push({ code: op.ldAbsW, k: offset.arch }, { code: op.jeq, k: auditArch[arch], jt: 'next', jf: 'kill' });
  draft.push({ code: op.ldAbsW, k: offset.nr });
  if (arch === 'x64') draft.push({ code: op.jge, k: x32Bit, jt: 'deny', jf: 'next' });
  for (const nrs of Object.values(denied) as Partial<Record<SeccompArch, number>>[]) {
    const nr = nrs[arch];
    if (nr !== undefined) draft.push({ code: op.jeq, k: nr, jt: 'deny', jf: 'next' });
  }
  draft.push({ code: op.jeq, k: clone3[arch], jt: 'nosys', jf: 'next' });
  for (const nrs of Object.values(namespaceChecked)) draft.push({ code: op.jeq, k: nrs[arch], jt: 'flags', jf: 'next' });
  labels.set('allow', draft.length);
  draft.push({ code: op.retK, k: ret.allow });
  labels.set('flags', draft.length);
  draft.push({ code: op.ldAbsW, k: offset.arg0 }, { code: op.jset, k: cloneNamespaceFlags, jt: 'deny', jf: 'next' }, { code: op.retK, k: ret.allow });
  labels.set('deny', draft.length);
  draft.push({ code: op.retK, k: ret.errno(EPERM) });
  labels.set('nosys', draft.length);
  draft.push({ code: op.retK, k: ret.errno(ENOSYS) });
  labels.set('kill', draft.length);
  draft.push({ code: op.retK, k: ret.killProcess });

  return draft.map((d, i) => {
    const jump = (t: Target | undefined) => {
      if (t === undefined || t === 'next') return 0;
      const to = labels.get(t)! - (i + 1);
      if (to < 0 || to > 255) throw new Error(`seccomp jump out of range at ${i}`);
      return to;
    };
    return { code: d.code, k: d.k >>> 0, jt: jump(d.jt), jf: jump(d.jf) };
  });
}

/** The program as bubblewrap reads it: struct sock_filter {u16 code; u8 jt; u8 jf; u32 k} in host byte order. */
export function seccompBytes(arch: SeccompArch): Buffer {
  const insns = seccompProgram(arch);
  const buf = Buffer.alloc(insns.length * 8);
  insns.forEach((ins, i) => {
    buf.writeUInt16LE(ins.code, i * 8);
    buf.writeUInt8(ins.jt, i * 8 + 2);
    buf.writeUInt8(ins.jf, i * 8 + 3);
    buf.writeUInt32LE(ins.k, i * 8 + 4);
  });
  return buf;
}

/** syscall numbers by name for one architecture (for tests and documentation) */
export function deniedSyscalls(arch: SeccompArch): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, nrs] of Object.entries(denied) as [string, Partial<Record<SeccompArch, number>>][]) if (nrs[arch] !== undefined) out[name] = nrs[arch];
  return out;
}

export const namespaceSyscalls = (arch: SeccompArch) => ({ unshare: namespaceChecked.unshare[arch], clone: namespaceChecked.clone[arch], clone3: clone3[arch] });
