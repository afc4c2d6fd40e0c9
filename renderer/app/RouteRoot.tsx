import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { selectIsAdmin, selectSignedIn, useAuthStore } from '../auth/store';
import { documentTitle, resolveRoute } from '../routes/resolve';
import { MarketingShell } from '../shell/MarketingShell';
import { Toasts } from '../shell/Toasts';
import { selectBrandId, selectProductName, useConfigStore } from './config-store';
import { PageOutlet } from './PageOutlet';
import { ReturnToNavigator } from './ReturnToNavigator';
import { useScrollOnNavigate } from './scroll';
import { startBoot } from './start-boot';

// Marketing pages never need the app shell (header, balance, sign-in controls): fetched on first use.
const AppShell = lazy(() => import('../shell/AppShell').then((m) => ({ default: m.AppShell })));

/** Resolves the address for the current viewer, sets the title and picks the shell. */
export function RouteRoot() {
  const location = useLocation();
  const signedIn = useAuthStore(selectSignedIn);
  const isAdmin = useAuthStore(selectIsAdmin);
  const brandId = useConfigStore(selectBrandId);
  const productName = useConfigStore(selectProductName);

  const route = useMemo(
    () => resolveRoute({ pathname: location.pathname, search: location.search, hash: location.hash }, { signedIn, isAdmin }, brandId),
    [location.pathname, location.search, location.hash, signedIn, isAdmin, brandId],
  );

  useEffect(() => {
    document.title = documentTitle(route.title, productName);
  }, [route.title, productName]);
  useScrollOnNavigate();
  // A visitor who moves from the public site into the app: the app needs the session now.
  useEffect(() => {
    if (route.shell === 'app') startBoot();
  }, [route.shell]);

  const Shell = route.shell === 'marketing' ? MarketingShell : AppShell;
  return (
    <>
      <ReturnToNavigator />
      <Suspense fallback={null}>
        <Shell route={route}>
          <PageOutlet route={route} />
        </Shell>
      </Suspense>
      <Toasts />
    </>
  );
}
