import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The shell renders at once; boot (config, sign-in code, session) is fetched meanwhile, off the first-paint path.
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void import('./app/boot').then((m) => m.boot());
