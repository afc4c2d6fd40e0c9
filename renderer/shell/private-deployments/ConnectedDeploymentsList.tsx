import { useState } from 'react';
import { selectSessionPending, selectSignedIn, useAuthStore } from '../../auth/store';
import { AddDeploymentForm } from './AddDeploymentForm';
import { type PrivateDeployment, useAddPrivateDeployment, usePrivateDeployments } from '../../queries/connected-deployments';
import { RemoveReferenceDialog } from './RemoveReferenceDialog';
import { DescriptionEditor } from './DescriptionEditor';
import './connected-deployments.css';

interface Props {
  /** show at most this many (the Command Center shows 2) */
  limit?: number;
  /** hide the heading and the add button (the Command Center card has its own) */
  compact?: boolean;
}

/** The user's private deployments (signed out: the ones kept in this browser) with LAUNCH and remove. */
export function ConnectedDeploymentsList({ limit, compact = false }: Props) {
  const signedIn = useAuthStore(selectSignedIn);
  const pending = useAuthStore(selectSessionPending);
  const { deployments, isLoading } = usePrivateDeployments();
  const add = useAddPrivateDeployment();
  const [removing, setRemoving] = useState<PrivateDeployment | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const [describing, setDescribing] = useState<string | undefined>(undefined);
  const shown = limit === undefined ? deployments : deployments.slice(0, limit);

  return (
    <section className={pending ? 'connected-list session-pending' : 'connected-list'} data-testid="connected-deployments" aria-label="Your private deployments">
      {!compact && (
        <div className="spread-top connected-head">
          <div>
            <h2>Your Private Deployments</h2>
            <p className="muted">
              {signedIn
                ? 'Installations you have connected to your account. Deploy agents to them from the agent gallery.'
                : 'Kept in this browser until you sign in; they move to your account when you do.'}
            </p>
          </div>
          {!adding && (
            <button type="button" className="btn" onClick={() => setAdding(true)}>
              Add Deployment
            </button>
          )}
        </div>
      )}
      {adding && <AddDeploymentForm onCancel={() => setAdding(false)} onSubmit={(entry) => add.mutate(entry, { onSuccess: () => setAdding(false) })} busy={add.isPending} />}
      {isLoading ? (
        <p className="muted" aria-busy="true">
          Loading private deployments…
        </p>
      ) : shown.length === 0 ? (
        <p className="muted connected-empty">No private deployments connected yet.</p>
      ) : (
        <ul className="stack-list connected-items">
          {shown.map((d) => (
            <li key={d.id} className="inset spread connected-item" data-testid="connected-deployment">
              <div className="connected-main">
                <span className="connected-name">{d.name}</span>
                {d.is_default && <span className="badge badge-info">Default</span>}
                <span className="connected-url muted">{d.url}</span>
                {describing === d.id ? (
                  <DescriptionEditor deployment={d} onDone={() => setDescribing(undefined)} />
                ) : (
                  d.description && (
                    <p className="connected-description" data-testid="connected-description">
                      {d.description}
                    </p>
                  )
                )}
              </div>
              <div className="connected-actions">
                <a className="btn btn-small btn-primary" href={d.url} target="_blank" rel="noopener noreferrer">
                  LAUNCH
                </a>
                {!compact && describing !== d.id && (
                  <button type="button" className="btn btn-small" onClick={() => setDescribing(d.id)} aria-label={`${d.description ? 'Edit description' : 'Add description'} of ${d.name}`}>
                    {d.description ? 'Edit description' : 'Add description'}
                  </button>
                )}
                <button type="button" className="btn btn-small" onClick={() => setRemoving(d)} aria-label={`Remove ${d.name}`}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {removing && <RemoveReferenceDialog deployment={removing} onClose={() => setRemoving(undefined)} />}
    </section>
  );
}
