/** Electron's render-process-gone reasons (RenderProcessGoneDetails['reason']). */
export type GoneReason = 'clean-exit' | 'abnormal-exit' | 'killed' | 'crashed' | 'oom' | 'launch-failed' | 'integrity-failure' | 'memory-eviction';

/** A second crash this soon after reloading means the page cannot run: stop reloading. */
export const reloadAgainAfterMs = 60_000;

/**
 * What to do when the app window's page process dies, instead of leaving a blank window: reload
 * once; if it dies again within a minute, show a page that explains and offers to try again.
 */
export function createCrashRecovery(now: () => number = Date.now) {
  let lastReload: number | undefined;
  return (reason: GoneReason): 'ignore' | 'reload' | 'error-page' => {
    if (reason === 'clean-exit') return 'ignore';
    if (lastReload !== undefined && now() - lastReload < reloadAgainAfterMs) return 'error-page';
    lastReload = now();
    return 'reload';
  };
}

const describe: Record<GoneReason, string> = {
  'clean-exit': 'closed',
  'abnormal-exit': 'stopped unexpectedly',
  killed: 'was stopped by the system or another program',
  crashed: 'crashed',
  oom: 'ran out of memory',
  'launch-failed': 'could not start',
  'integrity-failure': 'failed a code integrity check',
  'memory-eviction': 'was closed to free memory',
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page shown in place of the app after repeated crashes, as a data: URL (nothing to load, no
 * preload bridge); its one link goes back to the server's app, which the navigation guard allows.
 */
export function crashPage(reason: GoneReason, appUrl: string): string {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><title>Launchpad</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:20vh auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.4rem">The Launchpad window ${describe[reason]}</h1>
<p>It was reloaded once and stopped again. Your deployments and terminals on the server are not affected.</p>
<p><a href="${escape(appUrl)}">Try again</a></p></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
