import path from 'node:path';
import { startServer, type RunningServer } from '../server/start';
import { keepingPort } from './local-port';

/**
 * "Use a local server": the same Launchpad server, embedded in the main process on this computer,
 * with its embedded defaults (PGlite, identity provider, dev accounts) in userData. It keeps the
 * port it first got (`port`, from settings), so its address stays the same across runs; only when
 * that port is taken does it take a free one. The environment is not inherited: a developer's
 * OIDC_ISSUER must not leak into the desktop's copy.
 */
export function startLocalServer(o: {
  userData: string;
  rendererRoot: string;
  /** the bundled database thread (dist/electron/pglite-worker.cjs); the TypeScript source when unset */ pgliteWorker?: URL;
  /** the port of the previous runs */
  port?: number;
}): Promise<RunningServer> {
  return keepingPort(o.port, (port) =>
    startServer({
      // One person uses the desktop app's own server: without a sandbox (macOS) they may still start local machines.
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(o.userData, 'server'), LOG_LEVEL: 'warn', LOCAL_SINGLE_USER: 'true' },
      rendererRoot: o.rendererRoot,
      pgliteWorker: o.pgliteWorker,
    }),
  );
}
