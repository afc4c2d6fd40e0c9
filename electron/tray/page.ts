/** The tray window: counts, unread administrator alerts and the two installation lists, redrawn on every poll. Sandboxed page. */
import type { TrayBridge } from '../../shared/desktop/bridge';
import type { TrayAlert, TrayInstallation, TrayView } from '../../shared/desktop/ipc';
import { formatDateTime } from '../../shared/format/dates';

const tray = (window as unknown as { launchpadTray: TrayBridge }).launchpadTray;
const byId = (id: string) => document.getElementById(id) as HTMLElement;
const time = (iso: string) => formatDateTime(iso);

function row(i: TrayInstallation): HTMLLIElement {
  const li = document.createElement('li');
  const flag = document.createElement('span');
  flag.textContent = i.flag;
  flag.title = i.country;
  const org = document.createElement('span');
  org.className = 'org';
  org.textContent = `${i.organization} · ${i.version}`;
  const last = document.createElement('span');
  last.className = 'muted';
  last.textContent = time(i.lastPing);
  li.append(flag, org, last);
  return li;
}

function alertRow(a: TrayAlert): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'alert';
  const title = document.createElement('strong');
  title.textContent = a.title;
  const when = document.createElement('span');
  when.className = 'muted';
  when.textContent = time(a.createdAt);
  const body = document.createElement('p');
  body.textContent = a.body;
  li.append(title, when, body);
  return li;
}

function render(view: TrayView) {
  byId('alerts-section').hidden = view.alerts.length === 0;
  byId('alerts').replaceChildren(...view.alerts.map(alertRow));
  byId('active').textContent = String(view.activeInstallations);
  byId('total').textContent = String(view.totalInstallations);
  byId('latest').replaceChildren(...view.latest.map(row));
  byId('newest').replaceChildren(...view.newest.map(row));
  byId('updated').textContent = time(view.updatedAt);
  const paused = byId('paused');
  paused.hidden = view.paused === null;
  paused.textContent = view.paused ?? '';
}

tray.onState(render);
void tray.snapshot().then((view) => view && render(view));
byId('open-app').addEventListener('click', () => void tray.openApp());
