import { useState } from 'react';
import { previewLines, showMoreLabel } from './format';

/** A log's first `limit` lines, then "Show More (N more lines)" for the rest. */
export function LogPreview({ text, limit, label }: { text: string; limit: number; label: string }) {
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = previewLines(text, limit);
  return (
    <div className="log-preview">
      <pre className="log-text" aria-label={label} tabIndex={0}>
        {expanded ? text : shown}
      </pre>
      {hidden > 0 && (
        <button type="button" className="btn btn-small" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show Less' : showMoreLabel(hidden)}
        </button>
      )}
    </div>
  );
}
