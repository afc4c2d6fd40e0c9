/** "<what>: <error>" (or the error alone), announced as an alert; nothing while there is no error. */
export function ErrorAlert({ error, what }: { error: Error | null; what?: string }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {what ? `${what}: ` : ''}
      {error.message}
    </p>
  );
}
