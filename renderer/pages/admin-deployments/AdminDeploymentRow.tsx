import { Icon } from '../../shell/icons';
import type { MouseEvent } from 'react';
import type { Deployment } from '../../../shared/api/deployments';
import { deploymentUiUrl, formatCreated } from '../../shell/deployments/format';
import { StatusBadge } from '../../shell/deployments/StatusBadge';
import { shutdownMailto } from './mail';
import { CustomerLink } from '../../shell/admin/CustomerLink';

interface Props {
  deployment: Deployment;
  productName: string;
  checked: boolean;
  deleting: boolean;
  onCheck: (id: string, shift: boolean) => void;
  onDelete: (d: Deployment) => void;
}

export function AdminDeploymentRow({ deployment: d, productName, checked, deleting, onCheck, onDelete }: Props) {
  const uiUrl = deploymentUiUrl(d);
  const failed = d.status === 'failed';
  return (
    <tr data-testid="admin-row" data-deployment-id={d.id} data-status={d.status} className={checked ? 'row-selected' : undefined}>
      <td className="cell-check">
        <input
          type="checkbox"
          checked={checked}
          aria-label={`Select ${d.name}`}
          // click, not change: only the mouse event knows whether shift was held
          onClick={(e: MouseEvent<HTMLInputElement>) => onCheck(d.id, e.shiftKey)}
          onChange={() => undefined}
        />
      </td>
      <td className="cell-name" title={d.name}>
        {d.name}
      </td>
      <td>
        <div className="cell-status">
          <StatusBadge status={d.status} />
          {failed && d.error_message && (
            <span className="admin-error" title={d.error_message}>
              <span className="warn-icon" role="img" aria-label="Error">
                <Icon name="warning" size={14} />
              </span>
              <span className="admin-error-text">{d.error_message}</span>
            </span>
          )}
        </div>
      </td>
      <td className="cell-user">
        {d.user_email ? (
          <>
            <a href={shutdownMailto({ email: d.user_email, deploymentName: d.name, productName })}>{d.user_email}</a>
            <CustomerLink email={d.user_email} userId={d.user_id} icon />
          </>
        ) : (
          <span className="muted">Unassigned</span>
        )}
      </td>
      <td>{d.provider}</td>
      <td>
        {d.ipv4 && uiUrl ? (
          <a href={uiUrl} target="_blank" rel="noopener noreferrer">
            <code>{d.ipv4}</code>
          </a>
        ) : d.ipv4 ? (
          <code>{d.ipv4}</code>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>{d.version ?? <span className="muted">—</span>}</td>
      <td title={d.created_at}>{formatCreated(d.created_at)}</td>
      <td className="cell-actions">
        <button type="button" className="btn btn-small btn-danger" disabled={deleting} onClick={() => onDelete(d)}>
          {deleting ? 'Deleting...' : 'Delete'}
        </button>
      </td>
    </tr>
  );
}
