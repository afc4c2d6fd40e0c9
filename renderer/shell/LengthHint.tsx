import type { LengthState } from './length-limit';

/** Under a text field: the plain message once too long, and the counter ("12/63"), tied to the field by `id`. */
export function LengthHint({ id, state }: { id: string; state: LengthState }) {
  return (
    <span className="length-hint" id={id}>
      {state.problem && (
        <span className="form-error" role="alert">
          {state.problem}
        </span>
      )}
      <span className={`length-count${state.problem ? ' over' : ''}`} aria-live="off">
        {state.count}
      </span>
    </span>
  );
}
