import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { platform } from './platform/index';
import { isAppPath } from './routes/path';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The shell renders at once; boot (config, sign-in code, session) is fetched meanwhile, off the first-paint path.
// A marketing page arrives rendered by the server (entry-server.tsx): the same components take it over.
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
let booted = false;
const startBoot = () => {
  if (booted) return;
  booted = true;
  void import('./app/boot').then((m) => m.boot());
};
// App pages need the session at once. A marketing page paints first (it owes nothing to sign-in);
// boot's code is fetched once the browser is idle after that paint, or after 3 s at the latest.
if (platform.routing === 'hash' || isAppPath(window.location.pathname)) startBoot();
else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    requestIdleCallback(startBoot, { timeout: 500 });
  }).observe({ type: 'paint', buffered: true });
  setTimeout(startBoot, 3000);
}
