import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import pty, { type IPty } from 'node-pty';
import ssh2, { type Connection, type PseudoTtyInfo, type ServerChannel } from 'ssh2';

const { Server } = ssh2;
import { generateSshKeyPair } from '../../../server/deployments/providers/ssh/keys';
import type { KeyRing } from './key-ring';

/**
 * A real SSH server for tests: public-key auth against the keys uploaded through the fake APIs,
 * `exec` requests run as `bash -c` child processes, `shell` requests (and `exec` with a pty) run in
 * a real pseudo-terminal via node-pty. Everything runs on this machine as the current user.
 */
export interface FakeSshServer {
  port: number;
  /** client connections open now */
  connections(): number;
  close(): Promise<void>;
}

function killGroup(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

export async function startFakeSshServer(keyRing: KeyRing): Promise<FakeSshServer> {
  const hostKey = generateSshKeyPair('fake-cloud-host').privateKey;
  const clients = new Set<Connection>();
  const processes = new Set<ChildProcess | IPty>();

  const runInPty = (channel: ServerChannel, info: PseudoTtyInfo | undefined, command: string | undefined, onResize: (r: (rows: number, cols: number) => void) => void) => {
    const args = command ? ['-c', command] : ['--noprofile', '--norc', '-i'];
    const term = pty.spawn('bash', args, {
      name: info?.term ?? 'xterm-256color',
      cols: info?.cols || 80,
      rows: info?.rows || 24,
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', TERM: info?.term ?? 'xterm-256color', PS1: 'fake$ ', LANG: 'C.UTF-8' },
    });
    processes.add(term);
    onResize((rows, cols) => term.resize(cols, rows));
    term.onData((d) => channel.write(d));
    channel.on('data', (d: Buffer) => term.write(d.toString('utf8')));
    term.onExit(({ exitCode }) => {
      processes.delete(term);
      channel.exit(exitCode);
      channel.end();
    });
    channel.on('close', () => {
      if (processes.has(term)) term.kill();
    });
  };

  const runPlain = (channel: ServerChannel, command: string) => {
    // Own process group, so closing the channel ends everything the command started.
    const child = spawn('bash', ['-c', command], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    processes.add(child);
    child.stdout.pipe(channel, { end: false });
    child.stderr.pipe(channel.stderr, { end: false });
    channel.on('data', (d: Buffer) => child.stdin.write(d));
    channel.on('eof', () => child.stdin.end());
    child.on('close', (code) => {
      processes.delete(child);
      channel.exit(code ?? 255);
      channel.end();
    });
    channel.on('close', () => {
      if (child.exitCode === null) killGroup(child);
    });
  };

  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => clients.delete(client));
    client.on('authentication', (ctx) => {
      if (ctx.method !== 'publickey') return ctx.reject(['publickey']);
      const key = keyRing.find(ctx.key.algo, ctx.key.data);
      if (!key) return ctx.reject(['publickey']);
      if (ctx.signature && ctx.blob && key.verify(ctx.blob, ctx.signature, ctx.hashAlgo) !== true) return ctx.reject(['publickey']);
      ctx.accept();
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        let ptyInfo: PseudoTtyInfo | undefined;
        let resize: ((rows: number, cols: number) => void) | undefined;
        session.on('pty', (acceptPty, _reject, info) => {
          ptyInfo = info;
          acceptPty?.();
        });
        session.on('window-change', (acceptChange, _reject, info) => {
          resize?.(info.rows, info.cols);
          acceptChange?.();
        });
        session.on('env', (acceptEnv) => acceptEnv?.());
        session.once('exec', (acceptExec, _reject, info) => {
          const channel = acceptExec();
          if (ptyInfo) runInPty(channel, ptyInfo, info.command, (r) => (resize = r));
          else runPlain(channel, info.command);
        });
        session.once('shell', (acceptShell) => runInPty(acceptShell(), ptyInfo, undefined, (r) => (resize = r)));
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    connections: () => clients.size,
    close: async () => {
      for (const p of processes) {
        if ('resize' in p) p.kill();
        else killGroup(p);
      }
      for (const c of clients) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
