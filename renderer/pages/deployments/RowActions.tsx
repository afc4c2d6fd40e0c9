import { useState } from 'react';
import type { Deployment } from '../../../shared/api/deployments';
import { platform } from '../../platform/index';
import { toast } from '../../shell/toast-store';
import { deploymentUiUrl } from '../../shell/deployments/format';
import { useDeleteDeployment, useDeploymentsApi } from '../../queries/deployments';
import { closeTerminal, openTerminal, selectTerminal, useTerminalStore } from './terminal-store';

export function deleteConfirmText(name: string): string {
  return `Delete the deployment "${name}"? All data on it will be destroyed. This cannot be undone.`;
}

/** Open/Close Terminal, Launch UI (with an address), Delete (confirmed) and Logs (zip). */
export function RowActions({ deployment }: { deployment: Deployment }) {
  const api = useDeploymentsApi();
  const terminal = useTerminalStore(selectTerminal(deployment.id));
  const remove = useDeleteDeployment();
  const [downloading, setDownloading] = useState(false);
  const uiUrl = deploymentUiUrl(deployment);

  const onDelete = () => {
    if (!window.confirm(deleteConfirmText(deployment.name))) return;
    remove.mutate(deployment.id, {
      onSuccess: () => closeTerminal(deployment.id),
      onError: (err) => toast({ kind: 'error', title: 'Delete Failed', message: err.message }),
    });
  };

  const onLogs = async () => {
    setDownloading(true);
    try {
      await platform.saveDownload(`${deployment.id}-logs.zip`, api.logsPath(deployment.id), async () => (await api.logs(deployment.id)).blob);
    } catch (err) {
      console.error('Downloading the logs failed', err);
      toast({ kind: 'error', title: 'Download Failed', message: 'Failed to download logs' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="row-actions">
      <button type="button" className={`btn btn-small${terminal ? ' active' : ''}`} onClick={() => (terminal ? closeTerminal(deployment.id) : openTerminal(deployment.id, false))}>
        {terminal ? 'Close Terminal' : 'Open Terminal'}
      </button>
      {deployment.ipv4 && (
        <button type="button" className="btn btn-small" disabled={!uiUrl} title={uiUrl ?? 'The UI address is not known yet'} onClick={() => uiUrl && platform.openExternal(uiUrl)}>
          Launch UI <span aria-hidden="true">↗</span>
        </button>
      )}
      <button type="button" className="btn btn-small" onClick={() => void onLogs()} disabled={downloading}>
        {downloading ? 'Downloading...' : 'Logs'}
      </button>
      <button type="button" className="btn btn-small btn-danger" onClick={onDelete} disabled={remove.isPending}>
        {remove.isPending ? 'Deleting...' : 'Delete'}
      </button>
    </div>
  );
}
