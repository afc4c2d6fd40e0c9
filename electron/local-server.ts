import path from 'node:path';
import { startServer, type RunningServer } from '../server/start';

/**
 * "Use a local server": the same Launchpad server, embedded in the main process on a free port of
 * this computer, with its embedded defaults (PGlite, identity provider, dev accounts) in userData.
 * The environment is not inherited: a developer's OIDC_ISSUER must not leak into the desktop's copy.
 */
export function startLocalServer(o: {
  userData: string;
  rendererRoot: string;
  /** the bundled database thread (dist/electron/pglite-worker.cjs); the TypeScript source when unset */ pgliteWorker?: URL;
}): Promise<RunningServer> {
  return startServer({
    // One person uses the desktop app's own server: without a sandbox (macOS) they may still start local machines.
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(o.userData, 'server'), LOG_LEVEL: 'warn', LOCAL_SINGLE_USER: 'true' },
    rendererRoot: o.rendererRoot,
    pgliteWorker: o.pgliteWorker,
  });
}
