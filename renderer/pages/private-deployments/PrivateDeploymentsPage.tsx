import { useNavigate } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { PageTitle } from '../../shell/Page';
import { SignInPrompt } from '../../shell/SignInPrompt';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { type GuideSelection, SetupGuide } from '../../setup-guide/SetupGuide';
import { ConnectedDeploymentsList } from '../../shell/private-deployments/ConnectedDeploymentsList';

const stay = { state: { preserveScroll: true } };

/** The address of a selection: /private-deployments/category/{c}[/provider/{p}|/platform/{p}]. */
function pathOf(s: GuideSelection): string {
  if (!s.category) return linkTo('private-deployments');
  if (s.category === 'cloud' && s.provider) return linkTo('private-deployments', { category: 'cloud', provider: s.provider });
  if (s.category === 'onprem' && s.platform) return linkTo('private-deployments', { category: 'onprem', platform: s.platform });
  return linkTo('private-deployments', { category: s.category });
}

/** Private Deployments: the in-app setup guide (selection kept in the address) and the user's private deployments. */
export default function PrivateDeploymentsPage({ route }: PageProps) {
  const navigate = useNavigate();
  return (
    <section className="page">
      <PageTitle>{headingOf('private-deployments')}</PageTitle>
      <p className="page-lead">Run the platform on your own machines or cloud account, then keep your installations one click away.</p>
      {route.view === 'public' && <SignInPrompt action="fill in your license key and keep your private deployments on your account" />}
      <h2 className="sg-page-heading">Private Deployment Setup</h2>
      <ErrorBoundary label="the setup guide">
        <SetupGuide variant="app" selection={route.selection} onSelect={(next) => void navigate(pathOf(next), stay)} />
      </ErrorBoundary>
      <ErrorBoundary label="your private deployments">
        <ConnectedDeploymentsList />
      </ErrorBoundary>
    </section>
  );
}
