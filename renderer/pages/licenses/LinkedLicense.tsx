import { Link } from 'react-router-dom';
import type { EndedLicense } from '../../../shared/api/licenses';
import { formatDateTime } from '../../../shared/format/dates';
import { linkTo } from '../../routes/links';
import { useEndedLicense } from '../../queries/licenses';
import { GoneNotice, withStop } from '../../shell/GoneNotice';
import { typeLabel, formatDate } from '../../shell/licenses/format';

/**
 * A link to one licence (/licenses/id/<id>, from a notice) that is no longer in the list: when it
 * was deleted, by whom, whether it had been revoked (why, and which licence replaced it). While it
 * is listed, LicensesPage marks its row instead, which tells a revocation itself.
 */
export function LinkedLicense({ id }: { id: string }) {
  const ended = useEndedLicense(id, true);
  if (ended.isPending) return null;
  const gone = ended.data;
  return (
    <GoneNotice
      testId="license-gone"
      title={gone?.deleted_at ? 'This license was deleted' : gone?.replaced_by ? 'This license was replaced' : 'This license was revoked'}
      missingTitle="This license is not in this account"
      gone={gone !== undefined}
      error={ended.error}
      back={{ to: linkTo('licenses'), label: 'Show all licenses' }}
    >
      {gone && <GoneLicense license={gone} />}
    </GoneNotice>
  );
}

function GoneLicense({ license: l }: { license: EndedLicense }) {
  const what = (
    <>
      The {typeLabel(l.type)} license for <strong>{l.organization_name}</strong> (<code>{l.id}</code>)
    </>
  );
  const revoked = l.revoked_at && (
    <>
      {l.deleted_at ? ' It had been ' : ' was '}
      {l.replaced_by ? 'replaced' : 'revoked'} on <time dateTime={l.revoked_at}>{formatDateTime(l.revoked_at)}</time> by an administrator
      {l.revoke_reason ? `: ${withStop(l.revoke_reason)}` : '.'}
    </>
  );
  return (
    <>
      <p>
        {what}
        {l.deleted_at ? (
          <>
            {' '}
            was removed from this list on <time dateTime={l.deleted_at}>{formatDateTime(l.deleted_at)}</time>
            {l.deleted_by ? ` by ${l.deleted_by}` : ''}.{revoked}
          </>
        ) : (
          revoked
        )}{' '}
        {validity(l)}
      </p>
      {l.replaced_by && (
        <p>
          Use the key of its replacement, <Link to={linkTo('licenses', { id: l.replaced_by })}>{l.replaced_by}</Link>.
        </p>
      )}
    </>
  );
}

/** Whether its key still works: deleting only hides a licence; revoking ends it. */
function validity(l: EndedLicense): string {
  if (l.revoked_at) return "Installations refuse its key from the platform's next release on.";
  if (l.status === 'pending') return 'It was never paid, so it never became valid, and nothing was charged.';
  if (l.status === 'expired' || (l.expires && Date.parse(l.expires) <= Date.now())) return 'It has expired.';
  return l.expires ? `Its key stays valid until ${formatDate(l.expires)}.` : 'Its key stays valid: it does not expire.';
}
