import { type RefObject, useRef, useState } from 'react';
import { deploymentsContract, type Deployment } from '../../../shared/api/deployments';
import { defaultBrand } from '../../../shared/brand';
import { useRoleRefusal } from '../../shell/account/use-role';
import { platform } from '../../platform/index';
import { toast } from '../../shell/toast-store';
import { announce } from '../../shell/announce';
import { focusWhenShown } from '../../shell/focus';
import { deploymentUiUrl } from '../../shell/deployments/format';
import { useDeleteDeployment, useDeploymentsApi } from '../../queries/deployments';
import { closeTerminal, openTerminal, selectTerminal, useTerminalStore } from './terminal-store';
import { confirmAction } from '../../shell/confirm-store';

export function deleteConfirmText(name: string): string {
  return `Delete the deployment "${name}"? All data on it will be destroyed. This cannot be undone.`;
}

/** The id of the "Your Deployments" heading: focus goes there when a deleted row takes the focused button with it. */
export const deploymentsHeadingId = 'your-deployments';

/** Which routes the row's actions call: their names and scopes do not depend on the brand. */
const routes = deploymentsContract(defaultBrand);

/** Open/Close Terminal, Launch UI (with an address), Delete (confirmed) and Logs (zip); what the role may not do is disabled with who can. */
export function RowActions({ deployment, terminalToggle }: { deployment: Deployment; terminalToggle: RefObject<HTMLButtonElement | null> }) {
  const api = useDeploymentsApi();
  const terminal = useTerminalStore(selectTerminal(deployment.id));
  const remove = useDeleteDeployment();
  const [downloading, setDownloading] = useState(false);
  const uiUrl = deploymentUiUrl(deployment);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // a role without deployments (billing) sees the row; its terminal and delete say who can
  const terminalRefusal = useRoleRefusal(routes.terminal);
  const deleteRefusal = useRoleRefusal(routes.remove);

  const onDelete = async () => {
    if (remove.isPending || deleteRefusal || !(await confirmAction({ message: deleteConfirmText(deployment.name), action: 'Delete deployment' }))) return;
    const row = deleteButton.current?.closest('li');
    remove.mutate(deployment.id, {
      onSuccess: () => {
        closeTerminal(deployment.id);
        announce(`Deployment ${deployment.name} deleted`);
        focusWhenShown(() => document.getElementById(deploymentsHeadingId), { from: row });
      },
      onError: (err) => toast({ kind: 'error', title: 'Delete Failed', message: err.message }),
    });
  };

  const onLogs = async () => {
    if (downloading) return;
    setDownloading(true);
    try {
      await platform.saveDownload(`${deployment.id}-logs.zip`, api.logsPath(deployment.id), async () => (await api.logs(deployment.id)).blob);
      announce(`Logs of ${deployment.name} ready`);
    } catch (err) {
      console.error('Downloading the logs failed', err);
      toast({ kind: 'error', title: 'Download Failed', message: 'Failed to download logs' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="row-actions">
      <button
        ref={terminalToggle}
        type="button"
        className={`btn btn-small${terminal ? ' active' : ''}`}
        aria-disabled={terminalRefusal !== undefined}
        title={terminalRefusal}
        onClick={() => (terminal ? closeTerminal(deployment.id) : terminalRefusal ? undefined : openTerminal(deployment.id, false))}
      >
        {terminal ? 'Close Terminal' : 'Open Terminal'}
      </button>
      {deployment.ipv4 && (
        <button type="button" className="btn btn-small" disabled={!uiUrl} title={uiUrl ?? 'The UI address is not known yet'} onClick={() => uiUrl && platform.openExternal(uiUrl)}>
          Launch UI <span aria-hidden="true">↗</span>
        </button>
      )}
      <button type="button" className="btn btn-small" onClick={() => void onLogs()} aria-disabled={downloading}>
        {downloading ? 'Downloading...' : 'Logs'}
      </button>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus to <body> while the delete runs */}
      <button
        ref={deleteButton}
        type="button"
        className="btn btn-small btn-danger"
        onClick={() => void onDelete()}
        aria-disabled={remove.isPending || deleteRefusal !== undefined}
        title={deleteRefusal}
      >
        {remove.isPending ? 'Deleting...' : 'Delete'}
      </button>
    </div>
  );
}
