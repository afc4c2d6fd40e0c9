import { useMemo, useState } from 'react';
import type { AdminDeploymentSortKey, Deployment } from '../../../shared/api/deployments';
import type { PageProps } from '../../routes/pages';
import { PageTitle } from '../../shell/Page';
import { useAdminDeployments, useAdminRemoveDeployments } from '../../queries/deployments';
import { useBrand } from '../../app/use-brand';
import { auditApi } from '../../queries/audit';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { sortableColumn } from '../../shell/SortButton';
import { listQuery, useListView } from '../../shell/view-state';
import { AdminDeploymentRow } from './AdminDeploymentRow';
import { type Column, DataTable, MessageRow } from '../../shell/DataTable';
import { FiltersBar } from '../../shell/FiltersBar';
import { deploymentFilterFields } from './filters';
import { deploymentViewCodec } from './view';
import { bulkDeleteConfirmText, clickRow, emptySelection, type Selection, toggleAll, visibleSelection } from './selection';
import { ErrorAlert } from '../../shell/ErrorAlert';
import { Pagination } from '../../shell/Pagination';
import { confirmAction } from '../../shell/confirm-store';
import { announce } from '../../shell/announce';
import { focusWhenShown } from '../../shell/focus';

export const bulkDeleteFailedMessage = 'Some deployments could not be deleted. Please check the console for details.';
export const singleDeleteFailedMessage = 'Failed to delete deployment';

const columns: [string, AdminDeploymentSortKey | null][] = [
  ['Name', 'name'],
  ['Status', 'status'],
  ['User', 'user'],
  ['Provider', 'provider'],
  ['IP', null],
  ['Version', 'version'],
  ['Created', 'created'],
];

/** Admin: every user's deployments, polled every 10 s, searched, filtered, sorted and paged on the server (all in the address), with shift-range multi-select and delete. */
export default function DeploymentDashboardPage({ route }: PageProps) {
  const brand = useBrand();
  const remove = useAdminRemoveDeployments();
  const { view, show } = useListView('admin-deployments', deploymentViewCodec, route.query);
  const query = listQuery(view);
  const deployments = useAdminDeployments(view.page, query);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  /** why the last delete left deployments behind, and which: shown above the table until the next delete */
  const [deleteProblem, setDeleteProblem] = useState<{ message: string; names: string[] } | undefined>(undefined);

  const rows = useMemo(() => deployments.data?.deployments ?? [], [deployments.data]);
  const total = deployments.data?.total ?? 0;
  const pages = deployments.data?.total_pages ?? 1;
  const order = useMemo(() => rows.map((r) => r.id), [rows]);
  const selected = visibleSelection(selection, order);
  const allChecked = order.length > 0 && selected.length === order.length;

  const removeAll = async (ids: string[], bulk = false) => {
    setDeleteProblem(undefined);
    setDeleting((s) => new Set([...s, ...ids]));
    const outcome = await remove(ids, bulk);
    setDeleting((s) => new Set([...s].filter((id) => !ids.includes(id))));
    return outcome;
  };

  // Said aloud; the focused button goes with its row (or is disabled with nothing selected): the page title takes the focus, not <body>.
  const deleted = (count: number, from: Element | null, name?: string) => {
    if (count > 0) announce(name ? `Deployment ${name} deleted` : `${count} deployment${count === 1 ? '' : 's'} deleted`);
    focusWhenShown(() => document.querySelector('h1'), { from });
  };

  const onDeleteSelected = async () => {
    if (selected.length === 0 || !(await confirmAction({ message: bulkDeleteConfirmText(selected.length), action: 'Delete deployments' }))) return;
    const outcome = await removeAll(selected, true);
    const failures = outcome.filter((o) => o.result.status === 'rejected');
    for (const f of failures) console.error(`Deleting deployment ${f.id} failed`, f.result.status === 'rejected' ? f.result.reason : undefined);
    if (failures.length === 0) {
      setSelection(emptySelection);
      return deleted(outcome.length, document.querySelector('.table-toolbar'));
    }
    // What is left stays selected, so Delete Selected (which keeps the focus) tries them again.
    setSelection({ selected: new Set(failures.map((f) => f.id)), anchor: undefined });
    const done = outcome.length - failures.length;
    if (done > 0) announce(`${done} deployment${done === 1 ? '' : 's'} deleted`);
    setDeleteProblem({ message: bulkDeleteFailedMessage, names: failures.map((f) => rows.find((r) => r.id === f.id)?.name ?? f.id) });
  };

  const onDeleteOne = async (d: Deployment) => {
    if (
      !(await confirmAction({
        message: `Are you sure you want to delete the deployment "${d.name}"${d.user_email ? ` of ${d.user_email}` : ''}? All data on it will be destroyed. This cannot be undone.`,
        action: 'Delete deployment',
      }))
    )
      return;
    const row = document.querySelector(`[data-testid="admin-row"][data-deployment-id="${d.id}"]`);
    const [outcome] = await removeAll([d.id]);
    if (outcome?.result.status === 'rejected') {
      console.error(`Deleting deployment ${d.id} failed`, outcome.result.reason);
      setDeleteProblem({ message: singleDeleteFailedMessage, names: [d.name] });
      // Its Delete was disabled while it ran (and so lost the focus): it has it back.
      focusWhenShown(() => row?.querySelector('.cell-actions button'), { from: row });
    } else deleted(1, row, d.name);
  };

  const sortBy = (sort: typeof view.sort) => show({ ...view, sort, page: 1 });
  const head: Column[] = columns.map(([label, key]) => sortableColumn(label, key, view.sort, sortBy));
  const selectAll = <input type="checkbox" aria-label="Select all deployments" checked={allChecked} disabled={order.length === 0} onChange={() => setSelection((s) => toggleAll(s, order))} />;

  return (
    <section className="page admin-deployments-page">
      <PageTitle>Deployment Dashboard</PageTitle>
      <p className="page-lead">Every user&apos;s hosted deployments. Select rows (shift-click for a range) to delete several at once.</p>

      <FiltersBar
        className="admin-deployment-filters"
        search="Search name, email, ID or IP"
        fields={deploymentFilterFields}
        filters={view.filters}
        onChange={(filters) => show({ ...view, filters, page: 1 })}
      >
        <CsvExportButtons download={(excel) => auditApi.exportDeployments(query, excel)} filename="deployments.csv" />
      </FiltersBar>

      <div className="table-toolbar">
        <span className="muted" data-testid="admin-count">
          {deployments.data ? `${total.toLocaleString('en-US')} deployment${total === 1 ? '' : 's'}` : ''}
          {selected.length > 0 ? ` · ${selected.length} selected` : ''}
        </span>
        <button type="button" className="btn btn-danger" disabled={selected.length === 0} onClick={() => void onDeleteSelected()}>
          Delete Selected ({selected.length})
        </button>
      </div>

      <ErrorAlert error={deployments.error} what="Could not load the deployments" />
      {deleteProblem && (
        <div className="form-error" role="alert" data-testid="delete-failed">
          <strong>{deleteProblem.message}</strong>
          <br />
          Not deleted: {deleteProblem.names.join(', ')}.
        </div>
      )}

      <div className="card table-card">
        <DataTable
          label="Deployments"
          testId="admin-deployments-table"
          className="table admin-table edge-table"
          keyColumns={['Name', 'Status', 'User', 'Actions']}
          columns={[{ className: 'cell-check', label: selectAll }, ...head, { className: 'cell-actions', label: 'Actions' }]}
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
              {Object.values(view.filters).some((v) => v !== undefined) ? 'No deployments match.' : 'No deployments.'}
            </MessageRow>
          )}
        </DataTable>
      </div>
      <Pagination page={view.page} pages={pages} onPage={(page) => show({ ...view, page })} testId="admin-deployments-page" nextDisabled={deployments.isPlaceholderData} />
    </section>
  );
}
