import { DeploymentRow } from './DeploymentRow';
import { useDeployments } from '../../queries/deployments';
import { useStatusAnnouncements } from './use-status-announcements';

/** The user's deployments, newest first, polled every 5 s; a change of status is announced. */
export function DeploymentList() {
  const deployments = useDeployments(true);
  useStatusAnnouncements(deployments.data);

  if (deployments.isPending) return <p className="muted">Loading deployments…</p>;
  const list = [...(deployments.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (list.length === 0) {
    return (
      <div className="empty-state" data-testid="deployments-empty">
        <strong>No deployments yet</strong>
        <p className="muted">Pick a Trial VM or a GPU Instance above to start one.</p>
      </div>
    );
  }
  return (
    <ul className="stack-list deployment-list" data-testid="deployment-list">
      {list.map((d) => (
        <DeploymentRow key={d.id} deployment={d} />
      ))}
    </ul>
  );
}
