/** "Could not load <what>: <error> [Retry]", announced as an alert. */
export function LoadError({ what, error, onRetry, as: Tag = 'div', className = 'form-error' }: { what: string; error: Error; onRetry: () => void; as?: 'div' | 'p'; className?: string }) {
  return (
    <Tag className={className} role="alert">
      Could not load {what}: {error.message}{' '}
      <button type="button" className="btn btn-small" onClick={onRetry}>
        Retry
      </button>
    </Tag>
  );
}
