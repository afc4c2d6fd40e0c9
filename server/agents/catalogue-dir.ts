import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The catalogue shipped in the repository; `AGENTS_DIR` points elsewhere. */
export const bundledCatalogueDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogue');
