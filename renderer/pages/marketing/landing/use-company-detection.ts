import { useEffect, useState } from 'react';
import type { UserInfoResponse } from '../../../../shared/api/user-info';

export interface CompanyDetection {
  result: UserInfoResponse | undefined;
  /** 'HTTP error! status: N', the thrown message, or 'Failed to fetch user info' */
  error: string | undefined;
}

/**
 * Asks GET /api/user-info once, in the background: the page renders without waiting, and a
 * failure only leaves the page without a detected industry (public-site 8).
 */
export function useCompanyDetection(onResult: (result: UserInfoResponse) => void): CompanyDetection {
  const [state, setState] = useState<CompanyDetection>({ result: undefined, error: undefined });
  useEffect(() => {
    const abort = new AbortController();
    // The client (and its validation library) is fetched here, once the browser is idle after the
    // page has been taken over: never on the path of the first paint or the largest one.
    const api = new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })).then(() => import('../../../queries/user-info'));
    api
      .then((m) => m.fetchUserInfo(abort.signal))
      .then(
        (result) => {
          if (abort.signal.aborted) return;
          setState({ result, error: undefined });
          onResult(result);
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          void api.then(
            ({ userInfoError }) => {
              const error = userInfoError(err);
              console.warn('Company detection failed:', error);
              setState({ result: undefined, error });
            },
            () => setState({ result: undefined, error: 'Failed to fetch user info' }),
          );
        },
      );
    return () => abort.abort();
    // once per page visit; onResult reads the latest state through a functional update
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
