import { describe, expect, it } from 'vitest';
import { crashPage, createCrashRecovery, reloadAgainAfterMs } from './crash';
import { reopenAction } from './reopen';

describe('reopening the main window (Open Launchpad, a second launch, the Dock icon)', () => {
  it.each([
    ['the app window is open', 'visible', 'closed', true, { show: 'app' }],
    ['the app window is minimized', 'minimized', 'closed', true, { show: 'app' }],
    ['the app window is hidden', 'hidden', 'closed', true, { show: 'app' }],
    ['the app window was closed (only the tray runs)', 'closed', 'closed', true, { open: 'app' }],
    ['the first-run page is open', 'closed', 'visible', false, { show: 'setup' }],
    ['everything was closed before a server was chosen', 'closed', 'closed', false, { open: 'setup' }],
  ] as const)('%s', (_case, app, setup, serverChosen, action) => {
    expect(reopenAction(app, setup, serverChosen)).toEqual(action);
  });
});

describe('a page process that is gone does not leave a blank window', () => {
  it.each([
    ['a crash reloads', [['crashed', 0]], ['reload']],
    ['a clean exit (closing) is left alone', [['clean-exit', 0]], ['ignore']],
    [
      'a second crash within a minute shows the error page',
      [
        ['crashed', 0],
        ['oom', reloadAgainAfterMs - 1],
      ],
      ['reload', 'error-page'],
    ],
    [
      'crashes a minute apart reload each time',
      [
        ['crashed', 0],
        ['killed', reloadAgainAfterMs],
        ['crashed', 2 * reloadAgainAfterMs + 1],
      ],
      ['reload', 'reload', 'reload'],
    ],
  ] as const)('%s', (_case, events, actions) => {
    let t = 0;
    const onGone = createCrashRecovery(() => t);
    expect(
      events.map(([reason, at]) => {
        t = at;
        return onGone(reason);
      }),
    ).toEqual(actions);
  });

  it('the error page says what happened and links back to the app, escaped', () => {
    const html = decodeURIComponent(crashPage('oom', 'https://lp.example.com/#/home?a="b"').replace(/^data:text\/html;charset=utf-8,/, ''));
    expect(html).toContain('The Launchpad window ran out of memory');
    expect(html).toContain('<a href="https://lp.example.com/#/home?a=&#34;b&#34;">Try again</a>');
    expect(html).toContain("default-src 'none'");
  });
});
