import { routePaths } from '../routes/app-paths';

/**
 * The app menu's File › Open a local terminal loads this page of the server with this query, and
 * the page opens its local terminal at once (main has already granted that one shell, so no dialog).
 */
export const localTerminalQuery = { name: 'terminal', value: 'local' } as const;

/** The address main loads for the menu's local terminal (hash routing on the desktop). */
export function localTerminalPageUrl(serverUrl: string): string {
  return `${serverUrl}/#${routePaths.deployment}?${localTerminalQuery.name}=${localTerminalQuery.value}`;
}

/** Whether the page was opened by that menu item (the router's search string, `?terminal=local`). */
export function opensLocalTerminal(search: string): boolean {
  return new URLSearchParams(search).get(localTerminalQuery.name) === localTerminalQuery.value;
}
