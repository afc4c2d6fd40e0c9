import { routeNames, routes, type RouteName } from '../../renderer/routes/table';

export type SweepRole = 'visitor' | 'user' | 'admin';

/** The sign-in return address only exists for the moment of a redirect (it moves on by itself). */
const swept = routeNames.filter((n) => n !== 'auth-callback');

/**
 * The screen sweep's routes per role (e2e/screens.spec.ts, which also runs axe on each at 375 px):
 * the accessibility spec checks at 375 px only what this leaves out.
 */
export const sweptRoutes: Record<SweepRole, RouteName[]> = {
  // the public site and the signed-out view of every app page
  visitor: swept.filter((n) => routes[n].auth !== 'admin'),
  user: swept.filter((n) => routes[n].shell === 'app' && routes[n].auth !== 'admin'),
  admin: swept.filter((n) => routes[n].auth === 'admin' || n === 'home'),
};
