/**
 * The address the browser holds now, in the router's terms (path and query): the hash's on the
 * desktop (hash routing, `#/path?query`), the location's on the web. Read from `window`, not the
 * router, so it is current while a navigation is still rendering.
 */
export function addressInBrowser(): string {
  const { hash, pathname, search } = window.location;
  if (!hash.startsWith('#/')) return pathname + search;
  const inHash = hash.slice(1);
  const end = inHash.indexOf('#');
  return end === -1 ? inHash : inHash.slice(0, end);
}
