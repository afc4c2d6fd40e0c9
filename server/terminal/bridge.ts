import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { Authenticator } from '../auth/authenticate';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Providers } from '../deployments/providers/registry';
import { terminalAccess } from './authorise';
import type { TerminalEnds } from './ends';
import { defaultTerminalOptions, type TerminalOptions } from './options';
import { createSessionRegistry } from './sessions';
import { createTerminalSockets } from './sockets';
import { createStandingCheck, endTerminalsOf } from './standing';

export interface TerminalBridgeDeps {
  db: Db;
  logger: Logger;
  providers: Providers;
  authenticator: Authenticator;
  /** tells when access tokens have expired, when machines have had time enough to boot, and when grace periods are over */
  clock: Clock;
  /** this instance's deletions and key revocations, heard at once */
  ends?: TerminalEnds;
}

export interface TerminalStats {
  /** live shells, attached or waiting for a reconnect */
  sessions: number;
  /** shells without a socket, inside their grace period */
  detached: number;
  /** attached shells held back because their socket is behind (flow control) */
  throttled: number;
  /** open terminal sockets */
  connections: number;
}

export interface TerminalBridge {
  /** the http server's `upgrade` listener: terminal paths become WebSockets, anything else gets a 404 */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): TerminalStats;
  /** checks the live terminals against the database and the clock now (also done every `checkMs`) */
  check(): Promise<void>;
  /** closes every socket and kills every shell */
  close(): Promise<void>;
}

/**
 * Bridges browser WebSockets to provider shells (node-pty locally, SSH on cloud machines): the
 * sockets (sockets.ts) are let in by the sign-in and ownership check (authorise.ts) and attached to
 * shells kept across reconnects (sessions.ts), which end when their deployment or API key no longer
 * stands (standing.ts).
 */
export function createTerminalBridge(deps: TerminalBridgeDeps, options: Partial<TerminalOptions> = {}): TerminalBridge {
  const o: TerminalOptions = { ...defaultTerminalOptions, ...options };
  const logger = deps.logger.child({ component: 'terminal' });
  const sessions = createSessionRegistry({ logger, clock: deps.clock, options: o });
  const sockets = createTerminalSockets({ logger, options: o, sessions, access: (token, deploymentId, accountId) => terminalAccess(deps, token, deploymentId, accountId) });
  const check = createStandingCheck({ db: deps.db, clock: deps.clock, logger, sessions });

  const checker = setInterval(() => void check(), o.checkMs);
  checker.unref();
  const unlisten = deps.ends?.listen((e) => endTerminalsOf(sessions, e));

  return {
    handleUpgrade: sockets.handleUpgrade,

    stats() {
      let detached = 0;
      let throttled = 0;
      const live = sessions.live();
      for (const s of live) {
        if (!s.socket) detached++;
        else if (s.backpressure) throttled++;
      }
      return { sessions: live.length, detached, throttled, connections: sockets.count() };
    },

    check,

    async close() {
      sockets.stopAccepting();
      clearInterval(checker);
      unlisten?.();
      sessions.endAll('server shutting down');
      await sockets.closeAll();
    },
  };
}
