import { useLicenseTerms } from '../../queries/licenses';

interface Props {
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}

/** The license terms from GET /api/terms/license in a scrollable box, and the box to accept them. */
export function TermsBox({ accepted, onAccept }: Props) {
  const terms = useLicenseTerms(true);

  return (
    <fieldset className="lic-fieldset">
      <legend>Terms and conditions</legend>
      {terms.isPending && <p className="muted lic-terms">Loading the license terms…</p>}
      {terms.isError && (
        <p className="form-error" role="alert">
          Could not load the license terms: {terms.error.message}{' '}
          <button type="button" className="btn btn-small" onClick={() => void terms.refetch()}>
            Retry
          </button>
        </p>
      )}
      {terms.isSuccess && (
        // Focusable so keyboard users can scroll it.
        <div className="lic-terms" tabIndex={0} role="document" aria-label="License terms" data-testid="license-terms">
          {terms.data}
        </div>
      )}
      <label className="lic-check">
        <input type="checkbox" checked={accepted} disabled={!terms.isSuccess} onChange={(e) => onAccept(e.target.checked)} />
        <span>I have read and accept the license terms and conditions</span>
      </label>
    </fieldset>
  );
}
