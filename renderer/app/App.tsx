import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, HashRouter, StaticRouter } from 'react-router-dom';
import { useAuthStore } from '../auth/store';
import { resetOnAccountChange } from '../queries/accounts';
import { platform } from '../platform/index';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { RouteRoot } from './RouteRoot';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

// History routing on the web; hash routing inside Electron, where file:// has no server fallback.
const Router = platform.routing === 'history' ? BrowserRouter : HashRouter;

/** `location` renders one address without a browser: the server's rendering of the marketing pages (entry-server.tsx). */
export function App({ location }: { location?: string }) {
  // A session that ends must not leave the previous user's data in the cache.
  useEffect(
    () =>
      useAuthStore.subscribe((s, prev) => {
        if (prev.status === 'signed-in' && s.status !== 'signed-in') queryClient.clear();
      }),
    [],
  );
  useEffect(() => resetOnAccountChange(queryClient), []);

  return (
    <ErrorBoundary label="Launchpad">
      <QueryClientProvider client={queryClient}>
        {location === undefined ? (
          <Router>
            <RouteRoot />
          </Router>
        ) : (
          <StaticRouter location={location}>
            <RouteRoot />
          </StaticRouter>
        )}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
