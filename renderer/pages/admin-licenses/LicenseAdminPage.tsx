import { z } from 'zod';
import { useCustomer } from '../../queries/customers';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { PageTitle } from '../../shell/Page';
import { useListView } from '../../shell/view-state';
import '../../shell/licenses/license-tags.css';
import './admin-licenses.css';
import { AdminCreateLicenseForm, type IssueTeam } from './AdminCreateLicenseForm';
import { AdminLicenseTable } from './AdminLicenseTable';
import { RevokedHashesPanel } from './RevokedHashesPanel';
import { licenseViewCodec } from './view';

/** License Admin: all licenses (search, filters, order and page in the address) with Mark as Paid, Extend / Change, Re-send Key and Revoke; Create License for a given email; the revoked hashes to paste into the platform. */
export default function LicenseAdminPage({ route }: PageProps) {
  const { view, show } = useListView('admin-licenses', licenseViewCodec, route.query);
  const team = useIssueTeam(route.query.team);

  return (
    <section className="page adm-lic-page">
      <PageTitle>{headingOf('admin-licenses')}</PageTitle>
      <p className="page-lead">All licenses of all users. Mark bank transfers as paid once the money has arrived, extend, change or revoke issued licenses, and issue licenses for a given email.</p>
      <ErrorBoundary label="All licenses">
        <AdminLicenseTable view={view} onView={show} />
      </ErrorBoundary>
      <ErrorBoundary label="Create License">
        <AdminCreateLicenseForm key={team?.id ?? ''} team={team} onClearTeam={() => show(view)} onCreated={() => show({ ...view, page: 1 })} />
      </ErrorBoundary>
      <ErrorBoundary label="Revoked license hashes">
        <RevokedHashesPanel />
      </ErrorBoundary>
    </section>
  );
}

/** `?team=<id>` (the team's customer page's "Issue a license to this team"): that team, once its name is read; anything else is no team. */
function useIssueTeam(param: string | undefined): IssueTeam | undefined {
  const id = z.uuid().safeParse(param).data ?? '';
  const customer = useCustomer(id).data?.customer;
  return customer?.kind === 'team' ? { id: customer.id, name: customer.name } : undefined;
}
