import { useMemo, useState } from 'react';
import type { Deployment } from '../../../shared/api/deployments';
import type { PageProps } from '../../routes/pages';
import { PageTitle } from '../../shell/Page';
import { useAdminDeployments, useAdminRemoveDeployments } from '../../queries/deployments';
import { useBrand } from '../../app/use-brand';
import { auditApi } from '../../queries/audit';
import { DownloadCsvButton } from '../../shell/DownloadCsvButton';
import { AdminDeploymentRow } from './AdminDeploymentRow';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { bulkDeleteConfirmText, clickRow, emptySelection, type Selection, toggleAll, visibleSelection } from './selection';

export const bulkDeleteFailedMessage = 'Some deployments could not be deleted. Please check the console for details.';
export const singleDeleteFailedMessage = 'Failed to delete deployment';

/** Admin: every user's deployments, polled every 10 s, with shift-range multi-select and delete. */
export default function DeploymentDashboardPage(_props: PageProps) {
  const brand = useBrand();
  const remove = useAdminRemoveDeployments();
  const deployments = useAdminDeployments();
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());

  const rows = useMemo(() => [...(deployments.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at)), [deployments.data]);
  const order = useMemo(() => rows.map((r) => r.id), [rows]);
  const selected = visibleSelection(selection, order);
  const allChecked = order.length > 0 && selected.length === order.length;

  const removeAll = async (ids: string[], bulk = false) => {
    setDeleting((s) => new Set([...s, ...ids]));
    const outcome = await remove(ids, bulk);
    setDeleting((s) => new Set([...s].filter((id) => !ids.includes(id))));
    return outcome;
  };

  const onDeleteSelected = async () => {
    if (selected.length === 0 || !window.confirm(bulkDeleteConfirmText(selected.length))) return;
    const outcome = await removeAll(selected, true);
    const failures = outcome.filter((o) => o.result.status === 'rejected');
    for (const f of failures) console.error(`Deleting deployment ${f.id} failed`, f.result.status === 'rejected' ? f.result.reason : undefined);
    setSelection(emptySelection);
    if (failures.length > 0) window.alert(bulkDeleteFailedMessage);
  };

  const onDeleteOne = async (d: Deployment) => {
    if (!window.confirm(`Are you sure you want to delete the deployment "${d.name}"${d.user_email ? ` of ${d.user_email}` : ''}? All data on it will be destroyed. This cannot be undone.`)) return;
    const [outcome] = await removeAll([d.id]);
    if (outcome?.result.status === 'rejected') {
      console.error(`Deleting deployment ${d.id} failed`, outcome.result.reason);
      window.alert(singleDeleteFailedMessage);
    }
  };

  const selectAll = <input type="checkbox" aria-label="Select all deployments" checked={allChecked} disabled={order.length === 0} onChange={() => setSelection((s) => toggleAll(s, order))} />;

  return (
    <section className="page admin-deployments-page">
      <PageTitle>Deployment Dashboard</PageTitle>
      <p className="page-lead">Every user&apos;s hosted deployments. Select rows (shift-click for a range) to delete several at once.</p>

      <div className="table-toolbar">
        <span className="muted" data-testid="admin-count">
          {deployments.data ? `${rows.length} deployment${rows.length === 1 ? '' : 's'}` : ''}
          {selected.length > 0 ? ` · ${selected.length} selected` : ''}
        </span>
        <DownloadCsvButton download={auditApi.exportDeployments} filename="deployments.csv" />
        <button type="button" className="btn btn-danger" disabled={selected.length === 0} onClick={() => void onDeleteSelected()}>
          Delete Selected ({selected.length})
        </button>
      </div>

      {deployments.isError && (
        <p className="form-error" role="alert">
          Could not load the deployments: {deployments.error.message}
        </p>
      )}

      <div className="card table-card">
        <DataTable
          label="Deployments"
          testId="admin-deployments-table"
          className="table admin-table edge-table"
          columns={[{ className: 'cell-check', label: selectAll }, 'Name', 'Status', 'User', 'Provider', 'IP', 'Version', 'Created', { className: 'cell-actions', label: 'Actions' }]}
        >
          {rows.map((d) => (
            <AdminDeploymentRow
              key={d.id}
              deployment={d}
              productName={brand.name}
              checked={selection.selected.has(d.id)}
              deleting={deleting.has(d.id)}
              onCheck={(id, shift) => setSelection((s) => clickRow(s, order, id, shift))}
              onDelete={(row) => void onDeleteOne(row)}
            />
          ))}
          {deployments.isPending && (
            <MessageRow colSpan={9} className="muted table-empty">
              Loading deployments…
            </MessageRow>
          )}
          {deployments.data && rows.length === 0 && (
            <MessageRow colSpan={9} className="muted table-empty">
              No deployments.
            </MessageRow>
          )}
        </DataTable>
      </div>
    </section>
  );
}
