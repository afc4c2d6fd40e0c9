import type { InvitationWithLink } from '../../../shared/api/teams';
import { formatDate } from '../../../shared/format/dates';
import { CopyButton } from '../../shell/CopyButton';

/** A new invitation's link, to pass on by hand when no mail arrives (issue 43): shown once, after inviting or resending. */
export function InvitationLink({ invitation: i, resent = false }: { invitation: InvitationWithLink; resent?: boolean }) {
  return (
    <div className="invitation-link" data-testid="invitation-link" role="status">
      <p className="small">
        {resent ? 'New link' : 'Link'} for <strong>{i.email}</strong>, valid until {formatDate(i.expires_at)}.{' '}
        {i.mailed ? 'It was e-mailed too; copy it to send it yourself.' : 'This server sends no e-mail: copy the link and send it yourself.'}
        {resent && ' The earlier link no longer works.'}
      </p>
      <div className="invitation-link-row">
        <input className="control" readOnly value={i.link} aria-label={`Invitation link for ${i.email}`} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton text={i.link} label="Copy link" what={`the invitation link for ${i.email}`} />
      </div>
    </div>
  );
}
