import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditArch, cloneNamespaceFlags, deniedSyscalls, ENOSYS, EPERM, namespaceSyscalls, op, ret, seccompBytes, seccompProgram, seccompSupported, type Insn, type SeccompArch } from './seccomp';

/** Runs a classic-BPF seccomp program the way the kernel does, over a seccomp_data of (nr, arch, arg0). */
function evaluate(program: Insn[], data: { nr: number; arch: number; arg0?: number }): number {
  const word = (off: number) => (off === 0 ? data.nr : off === 4 ? data.arch : off === 16 ? (data.arg0 ?? 0) : 0) >>> 0;
  let acc = 0;
  for (let pc = 0; pc < program.length;) {
    const ins = program[pc]!;
    switch (ins.code) {
      case op.ldAbsW:
        acc = word(ins.k);
        pc++;
        break;
      case op.jeq:
        pc += 1 + (acc === ins.k ? ins.jt : ins.jf);
        break;
      case op.jge:
        pc += 1 + (acc >= ins.k ? ins.jt : ins.jf);
        break;
      case op.jset:
        pc += 1 + ((acc & ins.k) >>> 0 !== 0 ? ins.jt : ins.jf);
        break;
      case op.retK:
        return ins.k;
      default:
        throw new Error(`unknown opcode ${ins.code}`);
    }
  }
  throw new Error('fell off the end of the program');
}

const arches: SeccompArch[] = ['x64', 'arm64'];
const CLONE_NEWUSER = 0x10000000;
const CLONE_NEWNET = 0x40000000;
// what fork() and pthread_create() pass to clone
const forkFlags = 0x01200011;
const threadFlags = 0x003d0f00;

describe.each(arches)('the machine seccomp filter on %s', (arch) => {
  const program = seccompProgram(arch);
  const run = (nr: number, arg0 = 0, a = auditArch[arch]) => evaluate(program, { nr, arch: a, arg0 });
  const ns = namespaceSyscalls(arch);

  it('denies every listed syscall with EPERM', () => {
    const list = deniedSyscalls(arch);
    expect(Object.keys(list)).toEqual(
      expect.arrayContaining([
        'keyctl',
        'add_key',
        'request_key',
        'bpf',
        'perf_event_open',
        'mount',
        'umount2',
        'pivot_root',
        'kexec_load',
        'kexec_file_load',
        'init_module',
        'finit_module',
        'delete_module',
        'setns',
        'userfaultfd',
        'open_by_handle_at',
        'swapon',
        'swapoff',
        'reboot',
        'acct',
      ]),
    );
    for (const [name, nr] of Object.entries(list)) expect(run(nr), name).toBe(ret.errno(EPERM));
  });

  it('allows everything else a shell does (read, write, openat, execve, getpid, ptrace inside the machine)', () => {
    const listed = new Set([...Object.values(deniedSyscalls(arch)), ...Object.values(ns)]);
    for (let nr = 0; nr < 460; nr++) if (!listed.has(nr)) expect(run(nr), String(nr)).toBe(ret.allow);
  });

  it('unshare and clone: allowed for processes and threads, denied when they ask for a namespace', () => {
    for (const nr of [ns.unshare, ns.clone]) {
      expect(run(nr, forkFlags)).toBe(ret.allow);
      expect(run(nr, threadFlags)).toBe(ret.allow);
      expect(run(nr, 0x400 /* CLONE_FILES */)).toBe(ret.allow);
      expect(run(nr, CLONE_NEWUSER)).toBe(ret.errno(EPERM));
      expect(run(nr, CLONE_NEWNET | forkFlags)).toBe(ret.errno(EPERM));
      expect(run(nr, cloneNamespaceFlags)).toBe(ret.errno(EPERM));
    }
    expect(run(ns.clone3)).toBe(ret.errno(ENOSYS));
  });

  it('kills a process that calls in with another architecture (32-bit x86, the other of the two)', () => {
    expect(run(0, 0, 0x40000003)).toBe(ret.killProcess);
    expect(run(0, 0, auditArch[arch === 'x64' ? 'arm64' : 'x64'])).toBe(ret.killProcess);
  });

  it('serialises to struct sock_filter (8 bytes per instruction) within the kernel limit', () => {
    const bytes = seccompBytes(arch);
    expect(bytes.length).toBe(program.length * 8);
    expect(program.length).toBeLessThan(4096);
    expect(bytes.readUInt16LE(0)).toBe(op.ldAbsW);
    expect(bytes.readUInt32LE(4)).toBe(4);
  });
});

it('x86_64: the x32 ABI (syscall numbers with bit 30) is denied', () => {
  const program = seccompProgram('x64');
  expect(evaluate(program, { nr: 0x40000000 + 250, arch: auditArch.x64 })).toBe(ret.errno(EPERM));
  expect(evaluate(program, { nr: 0x40000000, arch: auditArch.x64 })).toBe(ret.errno(EPERM));
});

const bwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find((f) => fs.existsSync(f));
describe.runIf(process.platform === 'linux' && bwrap && seccompSupported(process.arch))('loaded by bubblewrap on this host', () => {
  it('mode 2 in /proc/self/status; unshare -n, mount and keyctl refused; ordinary commands work', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-seccomp-'));
    try {
      const file = path.join(dir, 'filter');
      fs.writeFileSync(file, seccompBytes(process.arch as SeccompArch));
      const script = [
        'grep Seccomp: /proc/self/status',
        'unshare -n true 2>/dev/null; echo unshare=$?',
        'mount -t tmpfs none /tmp 2>/dev/null; echo mount=$?',
        'python3 -c "import ctypes; l = ctypes.CDLL(None, use_errno=True); print(\\"keyctl\\", l.syscall(250 if ctypes.sizeof(ctypes.c_void_p) == 8 and __import__(\\"platform\\").machine() == \\"x86_64\\" else 219, 0, 0, 0, 0, 0), ctypes.get_errno())"',
        'ls / >/dev/null; echo ls=$?',
      ].join('; ');
      const res = spawnSync('/bin/sh', ['-c', `exec 5<${file}; exec ${bwrap} --ro-bind / / --dev /dev --proc /proc --seccomp 5 -- /bin/sh -c '${script.replace(/'/g, `'\\''`)}'`], {
        encoding: 'utf8',
      });
      expect(res.stdout).toMatch(/Seccomp:\s+2/);
      expect(res.stdout).toMatch(/unshare=[1-9]/);
      expect(res.stdout).toMatch(/mount=[1-9]/);
      expect(res.stdout).toContain(`keyctl -1 ${EPERM}`);
      expect(res.stdout).toContain('ls=0');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
