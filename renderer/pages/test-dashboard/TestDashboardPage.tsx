import { useNavigate } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import type { PageProps } from '../../routes/pages';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { PageTitle } from '../../shell/Page';
import { listStateFromQuery, queryFromListState, type ListState } from './format';
import { LoginRequired } from './LoginRequired';
import { TestRunDetail } from './TestRunDetail';
import { TestRunList } from './TestRunList';
import './test-dashboard.css';

/** Test Dashboard (/test-dashboard, ?run=<id> for one run): the CI's test runs for signed-in users. */
export default function TestDashboardPage({ route }: PageProps) {
  const navigate = useNavigate();
  const signedIn = route.view === 'page';
  const state = listStateFromQuery(route.query, route.selection.run);
  const go = (next: ListState) => navigate(linkTo('test-dashboard', undefined, { query: queryFromListState(next) }));

  return (
    <section className="page test-dashboard">
      <PageTitle>Test Dashboard</PageTitle>
      <p className="page-lead">Continuous-integration test runs with their logs, screenshots and LLM conversation logs.</p>
      {!signedIn ? (
        <LoginRequired />
      ) : state.run ? (
        <ErrorBoundary label="the test run">
          <TestRunDetail runId={state.run} onBack={() => go({ ...state, run: undefined })} />
        </ErrorBoundary>
      ) : (
        <ErrorBoundary label="the test runs">
          <TestRunList state={state} onChange={go} />
        </ErrorBoundary>
      )}
    </section>
  );
}
