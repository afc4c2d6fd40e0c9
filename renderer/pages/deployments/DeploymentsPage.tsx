import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { deploymentsContract, type DeploymentTypeWire } from '../../../shared/api/deployments';
import { deploymentCatalog } from '../../../shared/deployments/catalog';
import { linkTo } from '../../routes/links';
import type { PageProps } from '../../routes/pages';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { PageTitle } from '../../shell/Page';
import { SignInPrompt } from '../../shell/SignInPrompt';
import { CreateForm } from './CreateForm';
import { DeploymentList } from './DeploymentList';
import { LinkedDeployment } from './LinkedDeployment';
import { deploymentsHeadingId } from './RowActions';
import { useDeployments, useDeploymentTypes } from '../../queries/deployments';
import { useBrand } from '../../app/use-brand';
import { TypeCards } from './TypeCards';
import { useCreateDeployment } from './use-create-deployment';
import { RoleRefusal } from '../../shell/account/RoleRefusal';
import { useRoleRefusal } from '../../shell/account/use-role';
import { selectTeamId, useAccountStore } from '../../auth/account-store';

/** Hosted Deployments (/deployments, /app, /deployments/type/{type}): type cards, create form and the user's deployments. */
export default function DeploymentsPage({ route }: PageProps) {
  const brand = useBrand();
  const navigate = useNavigate();
  const signedIn = route.view === 'page';
  const typesQuery = useDeploymentTypes();
  // Owned by the page so switching cards does not stop waiting for a new deployment to start.
  const flow = useCreateDeployment();
  const count = useDeployments(signedIn).data?.length;
  // a role that may not create (billing) sees the cards, read-only, with who can
  const refusal = useRoleRefusal(deploymentsContract(brand).create);
  const mayCreate = signedIn && !refusal;
  const inTeam = useAccountStore(selectTeamId) !== undefined;

  // The cards show at once from the shared catalogue; the server's answer adds the hosted app's address.
  const types: DeploymentTypeWire[] = useMemo(() => typesQuery.data ?? deploymentCatalog(brand), [typesQuery.data, brand]);
  const selectedSlug = route.selection.deploymentType;
  const selected = types.find((t) => t.slug === selectedSlug);

  const onSelect = (type: DeploymentTypeWire) => navigate(linkTo('deployments', { type: type.slug }), { replace: true });

  return (
    <section className="page deployments-page">
      <PageTitle>Hosted Deployments</PageTitle>
      <p className="page-lead">
        Start a {brand.name} trial VM in seconds or a private GPU instance, or use the fully managed {brand.name} Cloud.
      </p>

      <ErrorBoundary label="the deployment types">
        <h2 className="section-title">Choose a deployment type</h2>
        {signedIn && <RoleRefusal id="create-deployment-refusal" text={refusal} />}
        <TypeCards types={types} selected={selectedSlug} onSelect={mayCreate ? onSelect : undefined} inTeam={inTeam} />
        {mayCreate && selected?.creatable && <CreateForm key={selected.id} type={selected} flow={flow} />}
      </ErrorBoundary>

      <div className="section-head">
        <h2 className="section-title" id={deploymentsHeadingId}>
          Your Deployments
        </h2>
        {signedIn && count !== undefined && <span className="count-pill">{count}</span>}
      </div>
      {signedIn ? (
        <ErrorBoundary label="your deployments">
          {route.params.id && <LinkedDeployment key={route.params.id} id={route.params.id} />}
          <DeploymentList />
        </ErrorBoundary>
      ) : (
        <SignInPrompt action="create and manage hosted deployments" />
      )}
    </section>
  );
}
