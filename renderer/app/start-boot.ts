let booted = false;

/**
 * Starts boot (public config, sign-in code, session) once. App pages need it at once; marketing
 * pages never do (they arrive rendered, with the brand), so a visitor who only reads the public
 * site never downloads the sign-in code, the API client or the validation library: boot starts
 * when an app route opens (RouteRoot) or a marketing page needs the session (the agent gallery's
 * deploy targets).
 */
export function startBoot(): void {
  if (booted) return;
  booted = true;
  void import('./boot').then((m) => m.boot());
}
