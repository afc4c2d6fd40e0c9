import './app/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { pageData } from './app/page-data';
import { startBoot } from './app/start-boot';
import { applyLicensePrices } from '../shared/licenses/pricing';
import { platform } from './platform/index';
import { isAppPath } from './routes/path';
import './styles.css';

// The operator's licence prices, as checkout charges them, before anything is priced (shared/licenses/pricing.ts).
const prices = pageData().prices;
if (prices) applyLicensePrices(prices);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A marketing page arrives rendered by the server (entry-server.tsx): the same components take it over.
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// It is already readable: let the browser paint it before the (long, on a slow CPU) hydration runs,
// and hydrate as a transition, in slices that leave the main thread free between them (a click
// meanwhile is replayed once its part is hydrated) rather than as one long task.
if (root.firstElementChild) requestAnimationFrame(() => setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0));
else createRoot(root).render(app);
// App pages need the session at once; marketing pages start it only when they need it (start-boot.ts).
if (platform.routing === 'hash' || isAppPath(window.location.pathname)) startBoot();
