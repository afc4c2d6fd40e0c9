import { useState } from 'react';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { PageTitle } from '../../shell/Page';
import '../../shell/licenses/license-tags.css';
import './admin-licenses.css';
import { AdminCreateLicenseForm } from './AdminCreateLicenseForm';
import { AdminLicenseTable } from './AdminLicenseTable';
import { RevokedHashesPanel } from './RevokedHashesPanel';

/** License Admin: all licenses with Mark as Paid, Extend / Change, Re-send Key and Revoke; Create License for a given email; the revoked hashes to paste into the platform. */
export default function LicenseAdminPage(_props: PageProps) {
  const [page, setPage] = useState(1);

  return (
    <section className="page adm-lic-page">
      <PageTitle>{headingOf('admin-licenses')}</PageTitle>
      <p className="page-lead">All licenses of all users. Mark bank transfers as paid once the money has arrived, extend, change or revoke issued licenses, and issue licenses for a given email.</p>
      <ErrorBoundary label="All licenses">
        <AdminLicenseTable page={page} onPage={setPage} />
      </ErrorBoundary>
      <ErrorBoundary label="Create License">
        <AdminCreateLicenseForm onCreated={() => setPage(1)} />
      </ErrorBoundary>
      <ErrorBoundary label="Revoked license hashes">
        <RevokedHashesPanel />
      </ErrorBoundary>
    </section>
  );
}
