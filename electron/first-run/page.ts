/** First run: choose the Launchpad server (checked by main) or start a local one. Runs in the sandboxed page. */
import type { SetupBridge } from '../../shared/desktop/bridge';

const setup = (window as unknown as { launchpadSetup: SetupBridge }).launchpadSetup;
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = byId<HTMLFormElement>('connect-form');
const input = byId<HTMLInputElement>('server-url');
const error = byId<HTMLParagraphElement>('error');
const status = byId<HTMLParagraphElement>('status');
const buttons = [byId<HTMLButtonElement>('connect'), byId<HTMLButtonElement>('use-local')];

function busy(text: string | null) {
  status.textContent = text ?? '';
  for (const b of buttons) b.disabled = text !== null;
}
function fail(err: unknown) {
  busy(null);
  error.textContent = err instanceof Error ? err.message : String(err);
  error.hidden = false;
}

void setup.defaults().then(({ serverUrl, notice }) => {
  if (!input.value) input.value = serverUrl;
  if (notice) fail(new Error(notice));
  input.focus();
});

form.addEventListener('submit', (e) => {
  e.preventDefault();
  error.hidden = true;
  busy('Checking the server…');
  setup
    .check(input.value)
    .then((found) => {
      busy(`Connecting to ${found.productName} at ${found.url}…`);
      return setup.connect(found.url);
    })
    .catch(fail);
});

byId<HTMLButtonElement>('use-local').addEventListener('click', () => {
  error.hidden = true;
  busy('Starting a local server…');
  setup.useLocal().catch(fail);
});
