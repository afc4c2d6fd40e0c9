import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pty from 'node-pty';
import { z } from 'zod';
import type { ExecResult, Machine, MachineSpec, MachineTarget, Provider, ShellSession } from '../types';
import { followInstallScript } from '../follow-install';
import { bashrc, bootstrapScript, shellQuote, uiServerScript } from './scripts';
import type { MachinePaths } from './machine-paths';
import { createSandbox, defaultSandboxSettings, type Sandbox, type SandboxSettings } from './sandbox';
import { killMachineProcesses, killGroup, machinePidRecord, type ProcessGroups } from './processes';

const readText = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
};

const manifest = z.object({ deploymentId: z.string(), hostname: z.string(), name: z.string().optional() });
const hostnamePattern = /^[a-z0-9-]{1,63}$/;
const maxOutput = 1024 * 1024;

export interface LocalProvider extends Provider {
  readonly sandbox: Pick<Sandbox, 'mode' | 'reason' | 'account' | 'limits' | 'limitsReason'> & { singleUser: boolean; limitsWanted: SandboxSettings['limits'] };
}

export interface LocalProviderOptions {
  rootDir: string;
  productName: string;
  displayName?: (spec: MachineSpec) => string;
  sandbox?: Partial<SandboxSettings>;
  /**
   * Without a sandbox, who may start machines: everyone only on a single-user install (the desktop
   * app's local server); otherwise admins alone, since a machine is then a shell on the host.
   */
  singleUser?: boolean;
}

/**
 * The embedded provider: a "machine" is a sandbox (see sandbox.ts) around a home folder, with real
 * processes — a bootstrap script writing a cloud-init style log and a small HTTP server as the
 * deployment's UI. The server keeps its own records of a machine (pid, UI port, install log) in a
 * folder the machine cannot see, and hands the UI server its listening socket, so the machine needs
 * no network of its own. Machines are started in their own process group, so they outlive a server
 * restart like a VM would.
 */
export function createLocalProvider(o: LocalProviderOptions): LocalProvider {
  fs.mkdirSync(o.rootDir, { recursive: true });
  const account = o.productName.toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'machine';
  const settings = { ...defaultSandboxSettings, ...o.sandbox };
  const sandbox = createSandbox(settings, account);
  if (settings.want === 'bwrap' && sandbox.mode !== 'bwrap') throw new Error(`LOCAL_SANDBOX=bwrap but no sandbox can be made: ${sandbox.reason}`);
  /** shells and commands running per machine, ended with it */
  const groups: ProcessGroups = new Map();

  const pathsOf = (serverId: string): MachinePaths => {
    if (!hostnamePattern.test(serverId)) throw new Error(`invalid local server id ${serverId}`);
    const dir = path.join(o.rootDir, serverId);
    const uid = Number(readText(path.join(dir, 'uid')));
    // Machines from before the disk of their own keep their home beside the host's records.
    const disk = fs.existsSync(path.join(dir, 'home')) ? dir : path.join(dir, 'disk');
    const groups = readText(path.join(dir, 'cgroups')).split('\n').filter(Boolean);
    return {
      hostname: serverId,
      dir,
      disk,
      home: path.join(disk, 'home'),
      log: path.join(disk, 'cloud-init-output.log'),
      uid: Number.isInteger(uid) && uid > 0 ? uid : undefined,
      groups,
    };
  };
  const machineOf = (serverId: string): Machine => {
    const file = path.join(pathsOf(serverId).dir, 'deployment.json');
    if (!fs.existsSync(file)) return { serverId, state: 'missing', ipv4: null, deploymentId: undefined };
    const parsed = manifest.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return { serverId, state: 'running', ipv4: '127.0.0.1', deploymentId: parsed.success ? parsed.data.deploymentId : undefined };
  };
  const track = (serverId: string, pid: number | undefined) => {
    if (!pid) return () => undefined;
    const set = groups.get(serverId) ?? new Set<number>();
    groups.set(serverId, set.add(pid));
    return () => set.delete(pid);
  };
  const inside = (paths: MachinePaths, file: string) => `${sandbox.homeInside(paths)}/${file}`;

  return {
    name: 'local',
    sandbox: {
      mode: sandbox.mode,
      reason: sandbox.reason,
      account: sandbox.account,
      limits: sandbox.limits,
      limitsReason: sandbox.limitsReason,
      singleUser: !!o.singleUser,
      limitsWanted: settings.limits,
    },

    admits(user) {
      if (o.singleUser || user.isAdmin) return undefined;
      if (sandbox.mode === 'none')
        return `Local machines cannot be started here: this server cannot isolate them from itself (${sandbox.reason}). Only an administrator can start local machines here until bubblewrap can make their sandbox.`;
      if (sandbox.limits !== 'machine' && settings.limits === 'machine')
        return `Local machines cannot be started here: this server cannot limit a machine's memory, processes and disk as a whole (${sandbox.limitsReason}). Only an administrator can start local machines here.`;
      return undefined;
    },

    async create(spec) {
      const paths = pathsOf(spec.hostname);
      fs.mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
      // Labelled before the slow steps: a machine without its deployment is an orphan to the
      // reconciler (of this instance or another on the same folder), which deleted it mid-create.
      const name = o.displayName?.(spec) ?? spec.hostname;
      fs.writeFileSync(path.join(paths.dir, 'deployment.json'), JSON.stringify({ deploymentId: spec.deploymentId, hostname: spec.hostname, name, labels: spec.labels }), { mode: 0o600 });
      await sandbox.provision(paths);
      fs.mkdirSync(paths.home, { recursive: true, mode: 0o700 });
      paths.uid = sandbox.claimUid(paths.dir);
      if (paths.uid !== undefined) fs.writeFileSync(path.join(paths.dir, 'uid'), String(paths.uid), { mode: 0o600 });
      // The UI's socket is opened here, outside, and inherited as fd 3: the machine has no network.
      const listener = net.createServer();
      await new Promise<void>((resolve, reject) => listener.once('error', reject).listen(0, '127.0.0.1', resolve));
      const port = (listener.address() as net.AddressInfo).port;
      const fd = (listener as unknown as { _handle?: { fd?: number } })._handle?.fd;
      if (typeof fd !== 'number' || fd < 0) throw new Error('could not hand the UI socket to the machine');
      fs.writeFileSync(
        path.join(paths.home, 'bootstrap.sh'),
        bootstrapScript({ productName: o.productName, version: spec.version, hostname: spec.hostname, nodePath: process.execPath, uiPort: port }),
        { mode: 0o755 },
      );
      fs.writeFileSync(path.join(paths.home, 'ui-server.mjs'), uiServerScript({ productName: o.productName, version: spec.version, name }));
      fs.writeFileSync(path.join(paths.home, '.bashrc'), bashrc(sandbox.account, spec.hostname));
      fs.mkdirSync(path.join(paths.home, '.ssh'), { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(paths.home, '.ssh', 'authorized_keys'), `${spec.sshPublicKey}\n`, { mode: 0o600 });
      fs.writeFileSync(paths.log, '', { mode: 0o600 });
      sandbox.prepare(paths);
      const log = fs.openSync(paths.log, 'a');
      const cmd = sandbox.command(paths, ['/bin/bash', inside(paths, 'bootstrap.sh')]);
      try {
        const child = spawn(cmd.file, cmd.args, { cwd: cmd.cwd, env: cmd.env, detached: true, stdio: ['ignore', log, log, fd] });
        child.on('error', (err) => {
          // The folder may be gone by now (the deployment deleted while it was being created, by this
          // instance or another on the same data folder): a throw here would end the server.
          try {
            fs.appendFileSync(paths.log, `could not start the machine: ${err.message}\n`);
          } catch {
            // nothing left to tell
          }
        });
        if (child.pid) fs.writeFileSync(path.join(paths.dir, 'machine.pid'), machinePidRecord(child.pid), { mode: 0o600 });
        fs.writeFileSync(path.join(paths.dir, 'ui.port'), String(port), { mode: 0o600 });
        child.unref();
      } finally {
        fs.closeSync(log);
        listener.close();
      }
      return machineOf(spec.hostname);
    },

    async get(serverId) {
      return machineOf(serverId);
    },

    async delete(serverId) {
      const paths = pathsOf(serverId);
      if (!fs.existsSync(paths.dir)) return;
      await killMachineProcesses(paths, groups.get(serverId), () => sandbox.groupPids(paths));
      groups.delete(serverId);
      await sandbox.release(paths);
      fs.rmSync(paths.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      sandbox.releaseUid(paths.uid, paths.dir);
    },

    async listOwned() {
      return fs
        .readdirSync(o.rootDir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && hostnamePattern.test(e.name))
        .map((e) => machineOf(e.name));
    },

    exec(target, command, opts = {}) {
      const paths = pathsOf(target.serverId);
      return new Promise<ExecResult>((resolve) => {
        const cmd = sandbox.command(paths, ['/bin/bash', '-c', command]);
        const child = spawn(cmd.file, cmd.args, { cwd: cmd.cwd, env: cmd.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const untrack = track(target.serverId, child.pid);
        let output = '';
        const collect = (chunk: Buffer) => {
          if (output.length < maxOutput) output += chunk.toString('utf8');
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), opts.timeoutMs ?? 10 * 60_000);
        child.on('close', (code) => {
          clearTimeout(timer);
          untrack();
          resolve({ code, output: output.slice(0, maxOutput) });
        });
        child.on('error', (err) => {
          clearTimeout(timer);
          untrack();
          resolve({ code: null, output: `${output}${err.message}` });
        });
      });
    },

    async openShell(target, opts) {
      const paths = pathsOf(target.serverId);
      if (!fs.existsSync(paths.home)) throw new Error('the machine no longer exists');
      const interactive = ['/bin/bash', '--noprofile', '--rcfile', inside(paths, '.bashrc'), '-i'];
      let argv = opts.command ? ['/bin/bash', '-c', opts.command] : interactive;
      if (opts.followInstall) {
        const then = opts.command ? `exec bash -c ${shellQuote(opts.command)}` : `exec ${interactive.map(shellQuote).join(' ')}`;
        argv = ['/bin/bash', '-c', followInstallScript(sandbox.logPathInside(paths), then)];
      }
      const cmd = sandbox.command(paths, argv, { tty: true });
      const term = pty.spawn(cmd.file, cmd.args, { name: 'xterm-256color', cols: opts.cols, rows: opts.rows, cwd: cmd.cwd, env: cmd.env });
      const untrack = track(target.serverId, term.pid);
      let exited = false;
      term.onExit(() => {
        exited = true;
        untrack();
      });
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
          // ignores it is killed shortly after. The pty's shell leads its own process group.
          if (!killGroup(term.pid, 'SIGHUP')) term.kill('SIGHUP');
          setTimeout(() => {
            if (!exited) killGroup(term.pid, 'SIGKILL');
          }, 2000).unref();
        },
        pause: () => term.pause(),
        resume: () => term.resume(),
      };
      return session;
    },

    async installLog(target: MachineTarget) {
      const file = pathsOf(target.serverId).log;
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    },

    async uiUrl(target) {
      const file = path.join(pathsOf(target.serverId).dir, 'ui.port');
      if (!fs.existsSync(file)) return null;
      const port = Number(fs.readFileSync(file, 'utf8').trim());
      return Number.isInteger(port) && port > 0 ? `http://127.0.0.1:${port}/` : null;
    },
  };
}
