import { type FormEvent, useId, useState } from 'react';
import { connectedLimits } from '../../../shared/api/connected-deployments';
import { type PrivateDeployment, useDescribePrivateDeployment } from '../../queries/connected-deployments';
import { lengthState } from '../length-limit';
import { LengthHint } from '../LengthHint';

/** A private deployment's description, changed in place: the limit told while typing, the server's refusal shown. */
export function DescriptionEditor({ deployment, onDone }: { deployment: PrivateDeployment; onDone: () => void }) {
  const ids = useId();
  const [text, setText] = useState(deployment.description);
  const save = useDescribePrivateDeployment();
  const length = lengthState(text, connectedLimits.description, 'Description');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (length.problem || save.isPending) return;
    save.mutate({ id: deployment.id, description: text }, { onSuccess: onDone });
  };

  return (
    <form className="connected-describe" onSubmit={submit} data-testid="describe-form">
      <label htmlFor={`${ids}-text`}>Description of {deployment.name}</label>
      {/* one line, as the add form's: the description is a single-line field on the server */}
      <input
        id={`${ids}-text`}
        className="control"
        value={text}
        autoComplete="off"
        placeholder="What runs there"
        onChange={(e) => setText(e.target.value)}
        aria-invalid={length.problem ? true : undefined}
        aria-describedby={`${ids}-length`}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
        // opened by its Edit button, which is gone now: typing goes on where the click was
        autoFocus
      />
      <LengthHint id={`${ids}-length`} state={length} />
      {save.error && (
        <p className="form-error" role="alert">
          Could not save the description: {save.error.message}
        </p>
      )}
      <div className="add-actions">
        <button type="button" className="btn btn-small" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-small btn-primary" disabled={length.problem !== undefined || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
