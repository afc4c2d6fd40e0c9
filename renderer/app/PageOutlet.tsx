import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuthStore } from '../auth/store';
import { pageComponents, preloadPage } from '../routes/pages';
import { routes } from '../routes/table';
import type { ResolvedRoute } from '../routes/resolve';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { PageLoading } from '../shell/Page';
import { AdminOnlyPage } from '../shell/AdminOnlyPage';
import { useAccountPending } from '../shell/account/use-account-pending';

/** Renders what the resolved view asks for: the page, its public view, the Command Center, or a page saying it is for administrators. */
export function PageOutlet({ route }: { route: ResolvedRoute }) {
  const location = useLocation();
  const loading = useAuthStore((s) => s.status === 'loading');
  const accountPending = useAccountPending();
  const pageName = route.view === 'command-center' ? 'home' : route.name;
  // The page's code downloads while the session is checked, not after.
  useEffect(() => {
    if (loading) preloadPage(pageName);
  }, [loading, pageName]);

  // App pages wait for the session so signed-in users do not see the signed-out view flash, and in a
  // team tab for the person's role there, so no action the role may not take shows for a moment;
  // the sign-in return page is what shows during that wait. A page the server rendered is the same for everyone: it shows at once.
  if (route.shell === 'app' && (loading || accountPending) && route.name !== 'auth-callback' && !routes[route.name].serverRendered) return <PageLoading />;
  if (route.view === 'admin-only')
    return (
      <>
        <AdminOnlyPage route={route} />
        <PageReady />
      </>
    );

  const Page = pageComponents[pageName];
  return (
    <ErrorBoundary key={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Page route={route} />
        <PageReady />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Marks the document once the page is live: a page the server rendered is readable at once but
 * answers clicks only from here on (tests wait for `html[data-page-ready]`). Inside the page's
 * boundary, so it commits with the page.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = '';
  }, []);
  return null;
}
