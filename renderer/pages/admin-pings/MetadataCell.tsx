import { useState } from 'react';
import { metadataSummary } from './format';

/** An installation's metadata as one compact line; a click shows all of it as indented JSON. */
export function MetadataCell({ metadata }: { metadata: Record<string, unknown> }) {
  const [open, setOpen] = useState(false);
  const summary = metadataSummary(metadata);
  if (!summary) return <span className="muted">—</span>;
  return (
    <div className="metadata-cell">
      <button type="button" className="metadata-summary" aria-expanded={open} title={open ? 'Hide the metadata' : 'Show all metadata'} onClick={() => setOpen((o) => !o)}>
        <code>{summary}</code>
      </button>
      {open && (
        <pre className="metadata-full" data-testid="metadata-full">
          {JSON.stringify(metadata, null, 2)}
        </pre>
      )}
    </div>
  );
}
