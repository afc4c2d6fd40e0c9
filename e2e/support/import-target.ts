/**
 * The gallery's Localhost entry sends import links to LOCALHOST_IMPORT_URL; the e2e server points it
 * at this fixed port, where agents.spec.ts listens as a stand-in installation.
 */
export const localhostImportPort = 38417;
export const localhostImportUrl = `http://127.0.0.1:${localhostImportPort}`;
