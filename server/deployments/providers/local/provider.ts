import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pty from 'node-pty';
import { z } from 'zod';
import type { ExecResult, Machine, MachineSpec, MachineTarget, Provider, ShellSession } from '../types';
import { followInstallScript } from '../follow-install';
import { bashrc, bootstrapScript, shellQuote, uiServerScript } from './scripts';

const manifest = z.object({ deploymentId: z.string(), hostname: z.string(), name: z.string().optional() });
const hostnamePattern = /^[a-z0-9-]{1,63}$/;
const maxOutput = 1024 * 1024;

/**
 * The embedded provider: a "machine" is a folder under the data dir with real processes — a
 * bootstrap script writing a cloud-init style log and a small HTTP server as the deployment's UI.
 * Processes are started in their own process group, so they outlive a server restart like a VM would.
 */
export function createLocalProvider(o: { rootDir: string; productName: string; displayName?: (spec: MachineSpec) => string }): Provider {
  fs.mkdirSync(o.rootDir, { recursive: true });
  const dirOf = (serverId: string) => {
    if (!hostnamePattern.test(serverId)) throw new Error(`invalid local server id ${serverId}`);
    return path.join(o.rootDir, serverId);
  };
  const readPid = (dir: string, file: string) => {
    const n = Number(fs.readFileSync(path.join(dir, file), 'utf8').trim());
    return Number.isInteger(n) && n > 1 ? n : undefined;
  };
  const machineOf = (serverId: string): Machine => {
    const dir = dirOf(serverId);
    const file = path.join(dir, 'deployment.json');
    if (!fs.existsSync(file)) return { serverId, state: 'missing', ipv4: null, deploymentId: undefined };
    const parsed = manifest.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return { serverId, state: 'running', ipv4: '127.0.0.1', deploymentId: parsed.success ? parsed.data.deploymentId : undefined };
  };

  return {
    name: 'local',

    async create(spec) {
      const dir = dirOf(spec.hostname);
      fs.mkdirSync(dir, { recursive: true });
      const name = o.displayName?.(spec) ?? spec.hostname;
      fs.writeFileSync(path.join(dir, 'deployment.json'), JSON.stringify({ deploymentId: spec.deploymentId, hostname: spec.hostname, name, labels: spec.labels }));
      fs.writeFileSync(path.join(dir, 'bootstrap.sh'), bootstrapScript({ productName: o.productName, version: spec.version, hostname: spec.hostname, nodePath: process.execPath }), { mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'ui-server.mjs'), uiServerScript({ productName: o.productName, version: spec.version, name }));
      fs.writeFileSync(path.join(dir, '.bashrc'), bashrc(spec.hostname));
      fs.writeFileSync(path.join(dir, 'authorized_keys'), `${spec.sshPublicKey}\n`);
      const log = fs.openSync(path.join(dir, 'cloud-init-output.log'), 'a');
      const child = spawn('bash', ['bootstrap.sh'], { cwd: dir, detached: true, stdio: ['ignore', log, log] });
      fs.closeSync(log);
      fs.writeFileSync(path.join(dir, 'bootstrap.pid'), String(child.pid ?? ''));
      child.unref();
      return machineOf(spec.hostname);
    },

    async get(serverId) {
      return machineOf(serverId);
    },

    async delete(serverId) {
      const dir = dirOf(serverId);
      if (!fs.existsSync(dir)) return;
      for (const file of ['bootstrap.pid', 'ui.pid']) {
        if (!fs.existsSync(path.join(dir, file))) continue;
        const pid = readPid(dir, file);
        if (!pid) continue;
        // The bootstrap script leads its own process group; the UI server may have been re-parented.
        for (const target of file === 'bootstrap.pid' ? [-pid, pid] : [pid]) {
          try {
            process.kill(target, 'SIGTERM');
          } catch {
            // already gone
          }
        }
      }
      // The UI server may still be writing its log as it stops.
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },

    async listOwned() {
      return fs
        .readdirSync(o.rootDir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && hostnamePattern.test(e.name))
        .map((e) => machineOf(e.name));
    },

    exec(target, command, opts = {}) {
      return new Promise<ExecResult>((resolve) => {
        const child = spawn('bash', ['-c', command], { cwd: dirOf(target.serverId), stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        const collect = (chunk: Buffer) => {
          if (output.length < maxOutput) output += chunk.toString('utf8');
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 10 * 60_000);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ code, output: output.slice(0, maxOutput) });
        });
        child.on('error', (err) => {
          clearTimeout(timer);
          resolve({ code: null, output: `${output}${err.message}` });
        });
      });
    },

    async openShell(target, opts) {
      const dir = dirOf(target.serverId);
      const interactive = ['bash', '--noprofile', '--rcfile', path.join(dir, '.bashrc'), '-i'];
      let args = opts.command ? ['-c', opts.command] : interactive.slice(1);
      if (opts.followInstall) {
        const then = opts.command ? `exec bash -c ${shellQuote(opts.command)}` : `exec ${interactive.map(shellQuote).join(' ')}`;
        args = ['-c', followInstallScript(path.join(dir, 'cloud-init-output.log'), then)];
      }
      const term = pty.spawn('bash', args, {
        name: 'xterm-256color',
        cols: opts.cols,
        rows: opts.rows,
        cwd: dir,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, TERM: 'xterm-256color', LANG: 'C.UTF-8' },
      });
      let exited = false;
      term.onExit(() => (exited = true));
      // The pty's shell leads its own session and process group: signal the whole group.
      const signal = (sig: NodeJS.Signals) => {
        try {
          process.kill(-term.pid, sig);
        } catch {
          if (!exited) term.kill(sig);
        }
      };
      const session: ShellSession = {
        write: (data) => term.write(data),
        resize: (rows, cols) => {
          if (!exited) term.resize(cols, rows);
        },
        onData: (listener) => void term.onData(listener),
        onExit: (listener) => void term.onExit(({ exitCode }) => listener(exitCode)),
        kill: () => {
          if (exited) return;
          // A hang-up first, like a dropped SSH link (bash passes it on to its jobs); whatever
          // ignores it is killed shortly after.
          signal('SIGHUP');
          setTimeout(() => {
            if (!exited) signal('SIGKILL');
          }, 2000).unref();
        },
        pause: () => term.pause(),
        resume: () => term.resume(),
      };
      return session;
    },

    async installLog(target: MachineTarget) {
      const file = path.join(dirOf(target.serverId), 'cloud-init-output.log');
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    },

    async uiUrl(target) {
      const file = path.join(dirOf(target.serverId), 'ui.port');
      if (!fs.existsSync(file)) return null;
      const port = Number(fs.readFileSync(file, 'utf8').trim());
      return Number.isInteger(port) && port > 0 ? `http://127.0.0.1:${port}/` : null;
    },
  };
}
