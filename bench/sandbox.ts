/**
 * `npm run bench:sandbox`: what the local provider's sandbox costs. The reference is the same
 * machine without a sandbox (plain processes in a folder, as before issue 17), measured in the same
 * run: create → UI answering, keystroke echo through a shell, and the memory of 20 idle machines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalProvider, type LocalProvider } from '../server/deployments/providers/local/provider';
import type { MachineSpec, MachineTarget } from '../server/deployments/providers/types';
import { report, type Figure } from './support/report';

const quick = !!process.env.BENCH_QUICK;
const machines = quick ? 4 : 20;
const keys = quick ? 100 : 500;

const spec = (i: number): MachineSpec => ({
  deploymentId: `d-${i}`,
  hostname: `lp-bench${String(i).padStart(4, '0')}`,
  typeId: 'trial_vm_hetzner',
  gpu: false,
  version: '2.12.2',
  sshPublicKey: 'ssh-ed25519 AAAA bench',
  labels: {},
});
const target = (i: number): MachineTarget => ({ deploymentId: `d-${i}`, serverId: spec(i).hostname, ipv4: '127.0.0.1', sshPrivateKey: null });
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

/** RSS (kB) of every process whose parent chain leads to one of `roots`. */
function treeRssKb(roots: number[]): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      parent.set(Number(name), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]));
      rss.set(Number(name), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // gone
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parent.get(p) ?? 0, hops++) if (roots.includes(p)) return true;
    return false;
  };
  let total = 0;
  for (const [pid, kb] of rss) if (inTree(pid)) total += kb;
  return total;
}

async function until(fn: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function measure(mode: 'bwrap' | 'none') {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `lp-bench-sandbox-${mode}-`));
  const provider: LocalProvider = createLocalProvider({ rootDir: root, productName: 'Helix', sandbox: { want: mode } });
  try {
    const startTimes: number[] = [];
    for (let i = 0; i < machines; i++) {
      const t0 = performance.now();
      await provider.create(spec(i));
      await until(async () => {
        const url = await provider.uiUrl(target(i));
        return (
          !!url &&
          (await fetch(url).then(
            (r) => r.ok,
            () => false,
          ))
        );
      });
      await until(async () => /Cloud-init.*finished/.test((await provider.installLog(target(i))) ?? ''));
      startTimes.push(performance.now() - t0);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const pids = Array.from({ length: machines }, (_, i) => Number(fs.readFileSync(path.join(root, spec(i).hostname, 'machine.pid'), 'utf8')));
    const idleMb = treeRssKb(pids) / 1024;

    const shell = await provider.openShell(target(0), { rows: 24, cols: 80 });
    let out = '';
    let waiter: (() => void) | undefined;
    shell.onData((d) => {
      out += d;
      waiter?.();
    });
    await until(async () => /[$#] $/.test(out));
    const echo: number[] = [];
    for (let k = 0; k < keys; k++) {
      // Letters, then a backspace, so the line never grows.
      const ch = k % 2 ? '\x7f' : 'x';
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no echo for key ${k} (${mode}); output ends ${JSON.stringify(out.slice(-200))}`)), 5000);
        waiter = () => {
          clearTimeout(timer);
          waiter = undefined;
          resolve();
        };
        shell.write(ch);
      });
      echo.push(performance.now() - t0);
    }
    shell.kill();
    return { startMedian: quantile(startTimes, 0.5), idleMb, echoP50: quantile(echo, 0.5), echoP99: quantile(echo, 0.99) };
  } finally {
    for (let i = 0; i < machines; i++) await provider.delete(spec(i).hostname).catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const sandboxed = await measure('bwrap');
const plain = await measure('none');
const figures: Figure[] = [
  { figure: 'create → UI answering and install finished, median (sandbox / none)', value: `${sandboxed.startMedian.toFixed(0)} ms / ${plain.startMedian.toFixed(0)} ms`, goal: '—' },
  { figure: 'keystroke echo through a local shell, p50 / p99 (sandbox)', value: `${sandboxed.echoP50.toFixed(2)} / ${sandboxed.echoP99.toFixed(2)} ms`, goal: '—' },
  { figure: 'keystroke echo, p50 / p99 (none)', value: `${plain.echoP50.toFixed(2)} / ${plain.echoP99.toFixed(2)} ms`, goal: '—' },
  { figure: `memory of ${machines} idle local machines, RSS (sandbox / none)`, value: `${sandboxed.idleMb.toFixed(0)} MB / ${plain.idleMb.toFixed(0)} MB`, goal: '—' },
];
report('sandbox', 'Local machine sandbox (bubblewrap) against the same machine unsandboxed', figures);
