/**
 * One test server shared by the tests of a describe block (or a file): started, with default users
 * signed in, in that block's beforeAll, and cleaned up in its afterAll.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './server';
import { signIn, type SignInResult } from './sign-in';

/** The accounts of defaultDevUsers (server.ts) by short name: e-mail and password. */
const defaultAccounts = {
  user: ['user@example.test', 'userpass'],
  other: ['other@example.test', 'otherpass'],
  admin: ['admin@example.test', 'adminpass'],
} as const;
export type DefaultUser = keyof typeof defaultAccounts;

export interface SuiteServerOptions extends TestServerOptions {
  /** the default users to sign in once the server runs, or all three (none unless named) */
  signIn?: readonly DefaultUser[] | 'all';
  /** the beforeAll's timeout in ms, where starting takes longer than the configured hookTimeout */
  timeout?: number;
}

/** What useTestServer hands its suite; its fields are filled in by beforeAll, so read them in tests and hooks. */
export interface SuiteServer {
  /** stands for the server the beforeAll starts: each property reads that server's */
  server: TestServer;
  /** each signed-in user's access token */
  tokens: Readonly<Record<DefaultUser, string>>;
  /** each signed-in user's whole sign-in (ID token, provider cookies...); only those named in `signIn` are here */
  signIns: Readonly<Record<DefaultUser, SignInResult>>;
}

/**
 * Registers beforeAll/afterAll on the enclosing describe (or file) that start a test server and sign
 * in the users named in `opts.signIn`; `env` may be a function, for values known only in an earlier
 * beforeAll (e.g. a fake's URL).
 */
export function useTestServer(env: Record<string, string> | (() => Record<string, string>) = {}, opts: SuiteServerOptions = {}): SuiteServer {
  const { signIn: which = [], timeout, ...serverOpts } = opts;
  const names = which === 'all' ? (Object.keys(defaultAccounts) as DefaultUser[]) : which;
  let running: TestServer | undefined;
  const signIns = {} as Record<DefaultUser, SignInResult>;
  const tokens = { user: '', other: '', admin: '' };

  beforeAll(async () => {
    const server = await startTestServer(typeof env === 'function' ? env() : env, serverOpts);
    running = server;
    await Promise.all(
      names.map(async (name) => {
        const [email, password] = defaultAccounts[name];
        signIns[name] = await signIn(server, email, password);
        tokens[name] = signIns[name].accessToken;
      }),
    );
  }, timeout);
  afterAll(async () => running?.cleanup());

  return { server: lateServer(() => running), tokens, signIns };
}

/** The data properties of a running server; lateServer reads each from the started one. */
const serverFields = ['url', 'localUrl', 'config', 'deps', 'devAccounts', 'services', 'terminals'] as const satisfies readonly (keyof TestServer)[];

/** A TestServer whose properties read the one `current` answers when they are read (the suite's, once started). */
function lateServer(current: () => TestServer | undefined): TestServer {
  const get = (): TestServer => {
    const server = current();
    if (!server) throw new Error('the test server is not running yet: use it inside a test or hook');
    return server;
  };
  const late = { close: (opts) => get().close(opts), cleanup: () => get().cleanup() } as TestServer;
  for (const key of serverFields) Object.defineProperty(late, key, { get: () => get()[key], enumerable: true });
  return late;
}
