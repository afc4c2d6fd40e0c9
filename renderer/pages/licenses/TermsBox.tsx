import type { Ref } from 'react';
import { useLicenseTerms } from '../../queries/licenses';
import { LoadError } from '../../shell/LoadError';

interface Props {
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  checkboxRef?: Ref<HTMLInputElement>;
  /** the id of the alert about the box while Create was refused for it */
  problemId?: string;
}

/** The license terms from GET /api/terms/license in a scrollable box, and the box to accept them. */
export function TermsBox({ accepted, onAccept, checkboxRef, problemId }: Props) {
  const terms = useLicenseTerms(true);

  return (
    <fieldset className="lic-fieldset">
      <legend>Terms and conditions</legend>
      {terms.isPending && <p className="inset muted lic-terms">Loading the license terms…</p>}
      {terms.isError && <LoadError as="p" what="the license terms" error={terms.error} onRetry={() => void terms.refetch()} />}
      {terms.isSuccess && (
        // Focusable so keyboard users can scroll it.
        <div className="inset lic-terms" tabIndex={0} role="document" aria-label="License terms" data-testid="license-terms">
          {terms.data}
        </div>
      )}
      <label className="lic-check">
        <input
          ref={checkboxRef}
          type="checkbox"
          checked={accepted}
          disabled={!terms.isSuccess}
          onChange={(e) => onAccept(e.target.checked)}
          aria-invalid={problemId !== undefined || undefined}
          aria-describedby={problemId}
        />
        <span>I have read and accept the license terms and conditions</span>
      </label>
    </fieldset>
  );
}
