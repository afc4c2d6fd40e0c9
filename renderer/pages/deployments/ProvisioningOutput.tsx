import { useId, useState } from 'react';
import { useProvisioningLog } from '../../queries/deployments';
import { LoadError } from '../../shell/LoadError';

const sourceNote = { kept: 'As provisioning left it.', live: 'Still installing: read from the machine just now.', none: '' } as const;

/**
 * "Provisioning output" under a row: the install log the auto-opened terminal showed, kept on the
 * server, so it can be read after the terminal closed itself (and after the machine is gone).
 */
export function ProvisioningOutput({ deploymentId }: { deploymentId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const log = useProvisioningLog(deploymentId, open);
  return (
    <div className="provisioning-output">
      <button type="button" className="link-button small" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {open ? 'Hide provisioning output' : 'Show provisioning output'}
      </button>
      {open && (
        <div id={panelId} className="provisioning-output-panel" data-testid="provisioning-output">
          {log.isPending ? (
            <p className="muted small">Loading the provisioning output…</p>
          ) : log.isError ? (
            <LoadError what="the provisioning output" error={log.error} onRetry={() => void log.refetch()} />
          ) : log.data.log === null ? (
            <p className="muted small">No provisioning output yet: the machine is still being created.</p>
          ) : (
            <>
              <p className="muted small">{sourceNote[log.data.source]}</p>
              {/* focusable, so keyboard users can scroll a long log */}
              <pre className="provisioning-log" tabIndex={0} aria-label="Provisioning output">
                {log.data.log}
              </pre>
            </>
          )}
        </div>
      )}
    </div>
  );
}
