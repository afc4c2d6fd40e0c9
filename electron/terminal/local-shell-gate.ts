import { DesktopError } from '../ipc/handle';

/** What the person answered in the native dialog. */
export interface LocalShellAnswer {
  allow: boolean;
  /** the "Always allow for this server" box was ticked */
  always: boolean;
}

/** The servers the person allowed for good (kept in settings, revocable there). */
export interface RememberedServers {
  list(): readonly string[];
  add(origin: string): void;
}

export interface LocalShellGateDeps {
  remembered: RememberedServers;
  /** a native dialog over the app window naming the server */
  confirm(origin: string): Promise<LocalShellAnswer>;
  /** how long the app menu's "Open a local terminal" covers the page's call; default 60 s */
  menuGrantMs?: number;
  now?(): number;
}

/**
 * Who may open a shell on this computer. The app window shows the connected server's own page, so
 * a compromised or impersonated server could otherwise run commands here without a click. Every
 * shell is asked for in a native dialog naming the server, the app's embedded server included;
 * the answer is kept only when the person ticks "Always allow for this server". The one
 * exception: the person chose "Open a local terminal" in the app's own menu, which covers the
 * next shell the page opens within a minute.
 */
export function createLocalShellGate(deps: LocalShellGateDeps) {
  const now = deps.now ?? Date.now;
  let asking: Promise<LocalShellAnswer> | undefined;
  let menuGrantUntil = 0;

  return {
    async check(origin: string): Promise<void> {
      if (menuGrantUntil > now()) {
        menuGrantUntil = 0;
        return;
      }
      if (deps.remembered.list().includes(origin)) return;
      // one dialog at a time: a page calling in a loop must not stack dialogs
      if (asking) throw new DesktopError('A question about the local terminal is already open', 'in_progress');
      asking = deps.confirm(origin).finally(() => (asking = undefined));
      const answer = await asking;
      if (!answer.allow) throw new DesktopError('The local terminal was not allowed for this server', 'local_shell_refused');
      if (answer.always) deps.remembered.add(origin);
    },
    /** the person chose the app menu's "Open a local terminal": the page's next shell needs no dialog */
    grantFromMenu(): void {
      menuGrantUntil = now() + (deps.menuGrantMs ?? 60_000);
    },
  };
}
export type LocalShellGate = ReturnType<typeof createLocalShellGate>;

/** The dialog's words (Electron's showMessageBox options), kept here so they are reviewed with the policy. */
export function localShellQuestion(origin: string) {
  return {
    type: 'warning' as const,
    buttons: ['Open terminal', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: 'Open a terminal on this computer?',
    message: `${origin} asks to open a terminal on this computer`,
    detail: 'A shell on this computer will open. It runs commands as you, with access to your files. Allow it only if you trust this server.',
    checkboxLabel: 'Always allow for this server',
    checkboxChecked: false,
  };
}

/** showMessageBox's result read as an answer: the box counts only with "Open terminal". */
export function localShellAnswer(result: { response: number; checkboxChecked: boolean }): LocalShellAnswer {
  const allow = result.response === localShellQuestion('').buttons.indexOf('Open terminal');
  return { allow, always: allow && result.checkboxChecked };
}

/** The persistent sign that local shells run: the window title says so while any is open. */
export function titleWithLocalShells(pageTitle: string, running: number): string {
  if (running <= 0) return pageTitle;
  return `${pageTitle} — ${running === 1 ? 'a local terminal is running' : `${running} local terminals are running`}`;
}
