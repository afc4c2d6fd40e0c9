import type { CreatedApiKey } from '../../../shared/api/auth';
import { CopyButton } from '../../shell/CopyButton';

/** The whole key, shown once: the server keeps only a hash. */
export function NewKeyNotice({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  return (
    <div className="notice notice-warning" data-testid="new-api-key">
      <p>
        <strong>Copy your new key “{apiKey.name}” now.</strong> It will not be shown again.
      </p>
      <div className="secret-row">
        <code className="secret">{apiKey.key}</code>
        <CopyButton text={apiKey.key} />
      </div>
      <button type="button" className="btn btn-small" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
