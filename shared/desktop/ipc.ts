import { z } from 'zod';

/**
 * The one channel map between the Electron main process and its pages (the app renderer, the
 * first-run page, the tray window). Channels are named `domain:method`; the main process
 * validates every argument with these schemas before a handler runs.
 */

/** What the renderer holds of a desktop sign-in: never the refresh or ID token. */
export const desktopSession = z.object({
  accessToken: z.string(),
  /** epoch milliseconds */
  expiresAt: z.number(),
  email: z.string(),
  /** e.g. the keyring is unavailable, so the sign-in ends when the app quits */
  warning: z.string().nullable(),
});
export type DesktopSession = z.infer<typeof desktopSession>;

export const terminalSize = z.object({ rows: z.number().int().min(1).max(1000), cols: z.number().int().min(1).max(1000) });
const sessionId = z.string().regex(/^t\d{1,9}$/, 'not a terminal session id');
const httpUrl = z.url({ protocol: /^https?$/ });

/** The admin tray window's view, computed in main from the pings API. */
export interface TrayInstallation {
  id: string;
  flag: string;
  country: string;
  organization: string;
  version: string;
  lastPing: string;
}
/** An unread administrator alert, as the tray window lists it. */
export interface TrayAlert {
  id: string;
  title: string;
  body: string;
  createdAt: string;
}
export interface TrayView {
  /** installations that pinged within the last 24 hours */
  activeInstallations: number;
  totalInstallations: number;
  /** most recent pings first */
  latest: TrayInstallation[];
  /** most recently first seen first */
  newest: TrayInstallation[];
  /** the caller's unread administrator alerts, newest first */
  alerts: TrayAlert[];
  updatedAt: string;
  /** why the list is not current (signed out, not an admin, server unreachable) */
  paused: string | null;
}

/** A proxy asking for a user name and password (HTTP 407), as the proxy sign-in page shows it. */
export interface ProxyQuestion {
  /** host:port */
  proxy: string;
  realm: string;
  /** the proxy refused the user name and password given before */
  retry: boolean;
}

export interface ServerCheck {
  url: string;
  productName: string;
}

/** Calls a page makes; `args` are validated in main. */
export const invokeArgs = {
  'shell:openExternal': z.tuple([httpUrl.or(z.string().regex(/^mailto:/))]),
  'files:save': z.tuple([z.object({ filename: z.string().min(1).max(255), data: z.instanceof(ArrayBuffer).or(z.instanceof(Uint8Array)) })]),
  /** a file of the connected server's API, streamed by main to the chosen file (logs zips) */
  'files:download': z.tuple([
    z.object({
      filename: z.string().min(1).max(255),
      path: z
        .string()
        .max(2000)
        .regex(/^\/api\/[^\s#\\]*$/, 'not an API path'),
    }),
  ]),
  'auth:restore': z.tuple([]),
  'auth:login': z.tuple([]),
  'auth:cancel': z.tuple([]),
  'auth:refresh': z.tuple([]),
  'auth:logout': z.tuple([]),
  'terminal:start': z.tuple([z.object({ deploymentId: z.uuid(), followInstall: z.boolean(), account: z.uuid().optional() })]),
  'terminal:startLocal': z.tuple([terminalSize]),
  'terminal:input': z.tuple([z.object({ id: sessionId, data: z.string().max(64 * 1024) })]),
  'terminal:resize': z.tuple([terminalSize.extend({ id: sessionId })]),
  'terminal:close': z.tuple([z.object({ id: sessionId })]),
  'notifications:show': z.tuple([z.object({ title: z.string().min(1).max(300), body: z.string().max(2000) })]),
  'setup:defaults': z.tuple([]),
  'setup:check': z.tuple([z.string().max(2000)]),
  'setup:connect': z.tuple([z.string().max(2000)]),
  'setup:useLocal': z.tuple([]),
  'tray:snapshot': z.tuple([]),
  'tray:openApp': z.tuple([]),
  'proxyLogin:question': z.tuple([]),
  /** null: the person cancelled */
  'proxyLogin:answer': z.tuple([z.object({ username: z.string().min(1).max(500), password: z.string().max(1000) }).nullable()]),
} as const;

export type InvokeChannel = keyof typeof invokeArgs;
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeArgs)[C]>;

export interface InvokeResults {
  'shell:openExternal': void;
  'files:save': { saved: boolean };
  'files:download': { saved: boolean };
  'auth:restore': DesktopSession | null;
  'auth:login': DesktopSession;
  'auth:cancel': void;
  /** null: the refresh token was refused, the user is signed out */
  'auth:refresh': DesktopSession | null;
  'auth:logout': void;
  'terminal:start': { id: string };
  'terminal:startLocal': { id: string };
  'terminal:input': void;
  'terminal:resize': void;
  'terminal:close': void;
  'notifications:show': void;
  /** notice: why the first-run page is shown again (a proxy's question was cancelled) */
  'setup:defaults': { serverUrl: string; notice?: string };
  'setup:check': ServerCheck;
  'setup:connect': void;
  'setup:useLocal': void;
  'tray:snapshot': TrayView | null;
  'tray:openApp': void;
  'proxyLogin:question': ProxyQuestion | null;
  'proxyLogin:answer': void;
}

/** Messages main pushes to a page. Terminal streams are tagged with the id `terminal:start` returned. */
export interface PushPayloads {
  'terminal:data': { id: string; data: string };
  'terminal:error': { id: string; message: string };
  'terminal:end': { id: string; reason: string };
  'tray:state': TrayView;
}
export type PushChannel = keyof PushPayloads;

/** Every handler answers this envelope; the preload turns `error` back into a thrown Error. */
export type IpcEnvelope<T> = { result: T } | { error: { message: string; code: string | undefined } };

/** Which page may call which channels (checked against the calling frame in main). */
export const channelsByPage = {
  app: [
    'shell:openExternal',
    'files:save',
    'files:download',
    'auth:restore',
    'auth:login',
    'auth:cancel',
    'auth:refresh',
    'auth:logout',
    'terminal:start',
    'terminal:startLocal',
    'terminal:input',
    'terminal:resize',
    'terminal:close',
    'notifications:show',
  ],
  setup: ['setup:defaults', 'setup:check', 'setup:connect', 'setup:useLocal'],
  tray: ['tray:snapshot', 'tray:openApp'],
  proxyLogin: ['proxyLogin:question', 'proxyLogin:answer'],
} as const satisfies Record<string, readonly InvokeChannel[]>;
export type DesktopPage = keyof typeof channelsByPage;
