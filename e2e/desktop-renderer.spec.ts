import { describe, expect, it } from 'vitest';
import { localTerminalPageUrl } from '../shared/desktop/local-terminal';
import { useBrowser } from './support/browser';

/**
 * The renderer as the desktop app runs it: a preload bridge on `window.launchpadDesktop` (faked
 * here, since Electron cannot start on these machines). Checks the renderer's desktop path: hash
 * routing, a local shell through the bridge, and native saves instead of browser downloads.
 */
const fakeBridge = () => {
  type Listener = (id: string, data: string) => void;
  const data: Listener[] = [];
  const calls: { saved: string[]; inputs: string[] } = { saved: [], inputs: [] };
  (window as unknown as { desktopCalls: typeof calls }).desktopCalls = calls;
  const emit = (text: string) => setTimeout(() => data.forEach((l) => l('t1', text)), 0);
  (window as unknown as { launchpadDesktop: unknown }).launchpadDesktop = {
    openExternal: async () => undefined,
    saveFile: async (filename: string) => {
      calls.saved.push(filename);
      return { saved: true };
    },
    auth: { restore: async () => null, login: async () => Promise.reject(new Error('not here')), cancel: async () => undefined, refresh: async () => null, logout: async () => undefined },
    terminal: {
      start: async () => ({ id: 't0' }),
      startLocal: async () => {
        emit('local$ ');
        return { id: 't1' };
      },
      input: async (_id: string, text: string) => {
        calls.inputs.push(text);
        emit(text);
      },
      resize: async () => undefined,
      close: async () => undefined,
      onData: (l: Listener) => {
        data.push(l);
        return () => undefined;
      },
      onError: () => () => undefined,
      onEnd: () => () => undefined,
    },
  };
};

describe('the renderer inside the desktop app', () => {
  const browser = useBrowser();

  it('routes by hash and opens a local terminal through the bridge', async () => {
    const page = browser.page();
    await page.addInitScript(fakeBridge);
    await page.goto('/#/deployment');
    // the server's HTML for `/` is the rendered landing page; the hash route takes over once the app runs
    await expect.poll(() => page.title()).toMatch(/^Deployment Options/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open a local terminal' }).click();
    const panel = page.getByTestId('terminal-panel');
    await panel.getByText('local$').waitFor();
    await panel.locator('.xterm-helper-textarea').focus();
    await page.keyboard.type('echo hi');
    await panel.getByText('local$ echo hi').waitFor();
    const inputs = await page.evaluate(() => (window as unknown as { desktopCalls: { inputs: string[] } }).desktopCalls.inputs.join(''));
    expect(inputs).toBe('echo hi');
  });

  it('File › Open a local terminal: the page main loads opens the local terminal at once (without the query it waits for the button, above)', async () => {
    const page = browser.page();
    await page.addInitScript(fakeBridge);
    await page.goto(`/${new URL(localTerminalPageUrl('http://x')).hash}`);
    await expect.poll(() => page.title()).toMatch(/^Deployment Options/);
    const panel = page.getByTestId('terminal-panel');
    await panel.getByText('local$').waitFor();
  });

  it('File › Open a local terminal while Deployment Options is already shown: the same-document hash change opens it', async () => {
    const page = browser.page();
    await page.addInitScript(fakeBridge);
    await page.goto('/#/deployment');
    await page.getByRole('button', { name: 'Open a local terminal' }).waitFor();
    expect(await page.getByTestId('terminal-panel').count()).toBe(0);
    const hash = new URL(localTerminalPageUrl('http://x')).hash;
    await page.evaluate((h) => void (window.location.hash = h), hash);
    await page.getByTestId('terminal-panel').getByText('local$').waitFor();
  });

  it('saves the ROI report through the native save dialog, not a browser download', async () => {
    const page = browser.page();
    await page.addInitScript(fakeBridge);
    await page.goto('/#/resources#roi-calculator');
    await page.getByRole('button', { name: /Download ROI report/ }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { desktopCalls: { saved: string[] } }).desktopCalls.saved)).toEqual(['roi-report.html']);
  });

  it('shows no local terminal button on the web', async () => {
    const page = browser.page();
    await page.goto('/deployment');
    await page.getByTestId('install-command').waitFor();
    expect(await page.getByRole('button', { name: 'Open a local terminal' }).count()).toBe(0);
  });
});
