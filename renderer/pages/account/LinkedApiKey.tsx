import { useEffect } from 'react';
import { formatDateTime } from '../../../shared/format/dates';
import { linkTo } from '../../routes/links';
import { useApiKeys, useRevokedApiKey } from '../../queries/auth';
import { GoneNotice, withStop } from '../../shell/GoneNotice';
import { revealWhenShown } from '../../shell/reveal';

/**
 * A link to one API key (/account/api-key/<id>, from the notice of its creation): its row is
 * scrolled to and marked while it is active; once revoked the page says when, by whom or why.
 */
export function LinkedApiKey({ id }: { id: string }) {
  const keys = useApiKeys();
  const listed = keys.data?.some((k) => k.id === id);
  const revoked = useRevokedApiKey(id, keys.isSuccess && !listed);

  useEffect(() => {
    if (listed) revealWhenShown(`[data-api-key-id="${CSS.escape(id)}"]`);
  }, [listed, id]);

  if (listed || !keys.isSuccess || revoked.isPending) return null;
  const gone = revoked.data;
  return (
    <GoneNotice
      testId="api-key-gone"
      title="This API key was revoked"
      missingTitle="This API key is not in this account"
      gone={gone !== undefined}
      error={revoked.error}
      back={{ to: linkTo('account'), label: 'Show all API keys' }}
    >
      {gone && (
        <p>
          The API key <strong>{gone.name}</strong> (<code>{gone.prefix}…</code>) was revoked on <time dateTime={gone.revoked_at}>{formatDateTime(gone.revoked_at)}</time>
          {gone.revoked_by ? ` by ${gone.revoked_by}` : ''}.{gone.reason ? ` ${withStop(gone.reason)}` : ''} Requests made with it are refused; create a new key if a script still needs one.
        </p>
      )}
    </GoneNotice>
  );
}
