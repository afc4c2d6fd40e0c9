import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { boot } from './app/boot';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The shell renders at once; boot loads the public config and restores the session meanwhile.
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void boot();
