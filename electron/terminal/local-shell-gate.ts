import { DesktopError } from '../ipc/handle';

export interface LocalShellGateDeps {
  /** the origin of the server the app embeds (Use a local server), once it runs */
  embeddedOrigin(): string | undefined;
  /** a native dialog over the app window; true when the person allows a shell for this server */
  confirm(origin: string): Promise<boolean>;
}

/**
 * Who may open a shell on this computer. The app window shows the connected server's own page, so
 * a compromised or impersonated server could otherwise run commands here without a click. The
 * app's own embedded server may; any other server only after the person allows it in a native
 * dialog, once per server for as long as the app runs (a refusal is asked again next time).
 */
export function createLocalShellGate(deps: LocalShellGateDeps) {
  const allowed = new Set<string>();
  let asking: Promise<boolean> | undefined;

  return {
    async check(origin: string): Promise<void> {
      if (origin === deps.embeddedOrigin() || allowed.has(origin)) return;
      // one dialog at a time: a page calling in a loop must not stack dialogs
      if (asking) throw new DesktopError('A question about the local terminal is already open', 'in_progress');
      asking = deps.confirm(origin).finally(() => (asking = undefined));
      if (!(await asking)) throw new DesktopError('The local terminal was not allowed for this server', 'local_shell_refused');
      allowed.add(origin);
    },
    /** a different server, or a sign-out: ask again */
    forget(): void {
      allowed.clear();
    },
  };
}

/** The dialog's words, kept here so they are reviewed with the policy. */
export function localShellQuestion(origin: string) {
  return {
    type: 'warning' as const,
    buttons: ['Open terminal', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: 'Open a terminal on this computer?',
    message: `${origin} asks to open a terminal on this computer`,
    detail: 'The terminal runs commands as you, with access to your files. Allow it only if you trust this server. Launchpad asks again after it restarts.',
  };
}
