/** The proxy sign-in page: shows which proxy asks, sends the user name and password (or Cancel) to main. */
import type { ProxyLoginBridge } from '../../shared/desktop/bridge';

const bridge = (window as unknown as { launchpadProxyLogin: ProxyLoginBridge }).launchpadProxyLogin;
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const username = byId<HTMLInputElement>('username');
const password = byId<HTMLInputElement>('password');

void bridge.question().then((q) => {
  if (!q) return void bridge.answer(null);
  byId('proxy').textContent = q.proxy;
  if (q.realm) {
    byId('realm').textContent = q.realm;
    byId('realm-line').hidden = false;
  }
  byId('retry').hidden = !q.retry;
  username.focus();
});

byId<HTMLFormElement>('login-form').addEventListener('submit', (e) => {
  e.preventDefault();
  if (!username.value) return username.focus();
  void bridge.answer({ username: username.value, password: password.value });
});
byId<HTMLButtonElement>('cancel').addEventListener('click', () => void bridge.answer(null));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') void bridge.answer(null);
});
