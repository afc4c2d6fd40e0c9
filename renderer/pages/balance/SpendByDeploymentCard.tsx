import { useId } from 'react';
import { formatCents } from '../../../shared/api/billing';
import { billingApi, useSpendBreakdown } from '../../queries/billing';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { DataTable, MessageRow } from '../../shell/DataTable';

// the figures' titles sit over them, on the right
const columns = ['Deployment', { label: 'Days charged', className: 'num' }, { label: 'Spend', className: 'num' }];

/** The last 30 days' spend by deployment, most first; the CSV has it per day and deployment. */
export function SpendByDeploymentCard() {
  const q = useSpendBreakdown();
  const id = useId();
  const days = (deploymentId: string) => new Set(q.data?.days.filter((d) => d.deployment_id === deploymentId).map((d) => d.date)).size;
  return (
    <section className="card table-card section-card spend-breakdown-card" aria-labelledby={`${id}-title`}>
      <div className="card-head">
        <h2 id={`${id}-title`}>Spend by deployment, last 30 days</h2>
        <CsvExportButtons download={billingApi.exportSpend} filename="spend.csv" />
      </div>
      <DataTable label="Spend by deployment" testId="spend-breakdown" columns={columns} keyColumns={['Deployment', 'Spend']}>
        {q.isError && (
          <MessageRow colSpan={3} className="form-error">
            Error: {q.error.message}
          </MessageRow>
        )}
        {q.isPending && <MessageRow colSpan={3}>Loading…</MessageRow>}
        {q.data?.deployments.length === 0 && <MessageRow colSpan={3}>Nothing spent in the last 30 days.</MessageRow>}
        {q.data?.deployments.map((d) => (
          <tr key={d.deployment_id} data-testid="spend-breakdown-row">
            <td className="spend-deployment">{d.name}</td>
            <td className="num">{days(d.deployment_id)}</td>
            <td className="num">{formatCents(d.spend_cents)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
