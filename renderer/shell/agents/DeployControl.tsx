import { useCallback, useRef, useState } from 'react';
import { RemoveReferenceDialog } from '../private-deployments/RemoveReferenceDialog';
import type { DeployTarget } from './deploy-targets';
import { DeployMenu } from './DeployMenu';
import { LocalhostConfirmModal } from './LocalhostConfirmModal';
import { useDeployAgent } from './use-deploy-agent';

interface Props {
  agent: { id: string; name: string };
  /** the local deployment guide: /docs on marketing pages, the in-app local setup otherwise */
  guideHref: string;
  compact?: boolean;
}

/** The Deploy dropdown of a card: pick an installation, confirm Localhost, or manage private entries. */
export function DeployControl({ agent, guideHref, compact = false }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  const deploy = useDeployAgent();
  const [open, setOpen] = useState(false);
  const [localhost, setLocalhost] = useState<DeployTarget | undefined>(undefined);
  const [removing, setRemoving] = useState<DeployTarget | undefined>(undefined);
  const close = useCallback(() => setOpen(false), []);

  const pick = (target: DeployTarget) => {
    setOpen(false);
    if (target.kind === 'localhost') setLocalhost(target);
    else void deploy(agent.id, target.url);
  };

  return (
    <div className="deploy-control" onClick={(e) => e.stopPropagation()}>
      <button
        ref={button}
        type="button"
        className={`btn btn-primary ${compact ? 'btn-small' : ''} deploy-button`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="deploy-button"
      >
        Deploy
        <svg className={`chevron ${open ? 'open' : ''}`} width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      {open && (
        <DeployMenu
          agentName={agent.name}
          anchor={button}
          onClose={close}
          onPick={pick}
          onDelete={(t) => {
            setOpen(false);
            setRemoving(t);
          }}
        />
      )}
      {localhost && (
        <LocalhostConfirmModal
          agentName={agent.name}
          baseUrl={localhost.url}
          guideHref={guideHref}
          onClose={() => setLocalhost(undefined)}
          onConfirm={() => {
            setLocalhost(undefined);
            void deploy(agent.id, localhost.url);
          }}
        />
      )}
      {removing && <RemoveReferenceDialog deployment={removing} onClose={() => setRemoving(undefined)} />}
    </div>
  );
}
