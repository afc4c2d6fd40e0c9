import { Client, type ClientChannel } from 'ssh2';
import { StringDecoder } from 'node:string_decoder';
import { followInstallScript } from '../follow-install';
import { ProviderError, type ExecResult, type MachineTarget, type OpenShellOptions, type ShellSession } from '../types';
import { shellQuote } from './cloud-init';

export interface SshRemoteOptions {
  /** default 22; tests point this at the fake cloud's SSH server */
  sshPort?: number;
  /** TCP connect + SSH handshake (default 20 s) */
  sshConnectTimeoutMs?: number;
  /** default /var/log/cloud-init-output.log; tests use a temporary file */
  installLogPath?: string;
  /** default root */
  sshUser?: string;
}

export interface SshRemote {
  exec(target: MachineTarget, command: string, opts?: { timeoutMs?: number }): Promise<ExecResult>;
  openShell(target: MachineTarget, opts: OpenShellOptions): Promise<ShellSession>;
  installLog(target: MachineTarget): Promise<string | null>;
}

const maxOutput = 1024 * 1024;

const withCause = (e: ProviderError, cause: Error) => {
  e.cause = cause;
  return e;
};
const missingLogCode = 44;

/** Errors that mean "the machine is not accepting SSH yet" rather than "something is wrong". */
function notReachableYet(err: unknown): boolean {
  if (!(err instanceof ProviderError) || !(err.cause instanceof Error)) return false;
  const code = (err.cause as NodeJS.ErrnoException).code;
  return ['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET'].includes(code ?? '') || /timed out/i.test(err.cause.message);
}

/** Runs commands and terminals on a cloud machine over SSH with the deployment's own key. */
export function createSshRemote(o: SshRemoteOptions = {}): SshRemote {
  const port = o.sshPort ?? 22;
  const user = o.sshUser ?? 'root';
  const logPath = o.installLogPath ?? '/var/log/cloud-init-output.log';

  function connect(target: MachineTarget): Promise<Client> {
    const { ipv4, sshPrivateKey } = target;
    if (!ipv4) return Promise.reject(new ProviderError(`machine ${target.serverId} has no public IPv4 address yet`));
    if (!sshPrivateKey) return Promise.reject(new ProviderError(`deployment ${target.deploymentId} has no SSH key`));
    return new Promise((resolve, reject) => {
      const conn = new Client();
      conn.once('ready', () => resolve(conn));
      // Stays attached for the connection's life: a later error (dropped link) closes its channels,
      // and an 'error' without a listener would crash the process.
      conn.on('error', (err) => {
        conn.end();
        reject(withCause(new ProviderError(`SSH to ${user}@${ipv4}:${port} failed: ${err.message}`, undefined, true), err));
      });
      // New machines have host keys nobody has seen yet, so there is nothing to pin against:
      // the connection is authenticated by our per-deployment key only.
      conn.connect({ host: ipv4, port, username: user, privateKey: sshPrivateKey, readyTimeout: o.sshConnectTimeoutMs ?? 20_000, keepaliveInterval: 15_000, hostVerifier: () => true });
    });
  }

  const channel = (conn: Client, open: (cb: (err: Error | undefined, ch: ClientChannel) => void) => void) =>
    new Promise<ClientChannel>((resolve, reject) => {
      open((err, ch) => {
        if (err) {
          conn.end();
          reject(withCause(new ProviderError(`SSH channel failed: ${err.message}`), err));
        } else resolve(ch);
      });
    });

  async function exec(target: MachineTarget, command: string, opts: { timeoutMs?: number } = {}): Promise<ExecResult> {
    const conn = await connect(target);
    const ch = await channel(conn, (cb) => conn.exec(command, cb));
    return new Promise<ExecResult>((resolve) => {
      let output = '';
      let code: number | null = null;
      const collect = (chunk: Buffer) => {
        if (output.length < maxOutput) output += chunk.toString('utf8');
      };
      ch.on('data', collect);
      ch.stderr.on('data', collect);
      ch.on('exit', (c: number | null) => (code = c));
      const timer = setTimeout(() => ch.close(), opts.timeoutMs ?? 10 * 60_000);
      ch.on('close', () => {
        clearTimeout(timer);
        conn.end();
        resolve({ code, output: output.slice(0, maxOutput) });
      });
    });
  }

  async function openShell(target: MachineTarget, opts: OpenShellOptions): Promise<ShellSession> {
    const conn = await connect(target);
    const pty = { rows: opts.rows, cols: opts.cols, term: 'xterm-256color' };
    let command = opts.command;
    if (opts.followInstall) {
      // The login shell the plain `shell` request would have started, after the install log.
      const then = command ? `exec bash -c ${shellQuote(command)}` : 'exec "${SHELL:-/bin/bash}" -l';
      command = `bash -c ${shellQuote(followInstallScript(logPath, then))}`;
    }
    const ch = await channel(conn, (cb) => (command ? conn.exec(command, { pty }, cb) : conn.shell(pty, cb)));

    const dataListeners: ((chunk: string) => void)[] = [];
    const exitListeners: ((code: number | null) => void)[] = [];
    const early: string[] = [];
    let exitCode: number | null = null;
    let closed = false;
    // One decoder per stream, so a character split across two packets is not garbled.
    const emitter = () => {
      const decoder = new StringDecoder('utf8');
      return (chunk: Buffer) => {
        const text = decoder.write(chunk);
        if (!text) return;
        if (dataListeners.length === 0) early.push(text);
        for (const l of dataListeners) l(text);
      };
    };
    ch.on('data', emitter());
    ch.stderr.on('data', emitter());
    ch.on('exit', (c: number | null) => (exitCode = c));
    ch.on('close', () => {
      closed = true;
      conn.end();
      for (const l of exitListeners) l(exitCode);
    });
    conn.on('error', () => ch.close());

    return {
      write: (data) => {
        if (!closed) ch.write(data);
      },
      resize: (rows, cols) => {
        if (!closed) ch.setWindow(rows, cols, 0, 0);
      },
      onData: (listener) => {
        dataListeners.push(listener);
        for (const chunk of early.splice(0)) listener(chunk);
      },
      onExit: (listener) => {
        if (closed) listener(exitCode);
        else exitListeners.push(listener);
      },
      kill: () => {
        if (!closed) ch.close();
        conn.end();
      },
      // A paused channel stops granting the server window space, so the remote side blocks.
      pause: () => {
        ch.pause();
        ch.stderr.pause();
      },
      resume: () => {
        ch.resume();
        ch.stderr.resume();
      },
    };
  }

  async function installLog(target: MachineTarget): Promise<string | null> {
    if (!target.ipv4 || !target.sshPrivateKey) return null;
    const file = shellQuote(logPath);
    try {
      const res = await exec(target, `if [ -f ${file} ]; then cat ${file}; else exit ${missingLogCode}; fi`, { timeoutMs: 60_000 });
      if (res.code === missingLogCode) return null;
      if (res.code !== 0) throw new ProviderError(`reading the install log failed (exit ${String(res.code)}): ${res.output.slice(0, 200)}`);
      return res.output;
    } catch (err) {
      // A booting machine refuses or drops SSH for a while: the log simply does not exist for us yet.
      if (notReachableYet(err)) return null;
      throw err;
    }
  }

  return { exec, openShell, installLog };
}
