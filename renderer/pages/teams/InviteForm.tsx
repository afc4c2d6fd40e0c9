import { type FormEvent, useId, useState } from 'react';
import { inviteBody, type InvitationWithLink } from '../../../shared/api/teams';
import { InvitationLink } from './InvitationLink';
import { type AssignableRole, assignableRoles, roleDescriptions, roleLabels } from '../../../shared/teams/roles';
import { useInvite } from '../../queries/teams';
import { OptionSelect } from '../../shell/OptionSelect';
import { toast } from '../../shell/toast-store';

const roleOptions = assignableRoles.map((r) => [r, roleLabels[r]] as const);

/** Invites someone by e-mail with a role; the server mails them a link that lapses after 7 days. */
export function InviteForm({ teamId }: { teamId: string }) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const [sent, setSent] = useState<InvitationWithLink | undefined>(undefined);
  const invite = useInvite(teamId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = inviteBody.safeParse({ email: email.trim(), role });
    if (!body.success) return setInvalid(body.error.issues[0]?.message ?? 'Invalid invitation');
    setInvalid(undefined);
    invite.mutate(body.data, {
      onSuccess: (i) => {
        setEmail('');
        setSent(i);
        toast({
          kind: 'success',
          title: 'Invitation sent',
          message: `${i.email} can join as ${roleLabels[i.role]} from ${i.mailed ? 'the link in their e-mail, ' : ''}the link below, or their bell.`,
        });
      },
    });
  };

  const error = invalid ?? (invite.isError ? invite.error.message : undefined);
  return (
    <form className="inline-form team-invite" onSubmit={submit} data-testid="invite-form">
      <label className="field">
        <span>E-mail</span>
        <input type="email" name="invite-email" value={email} maxLength={320} placeholder="colleague@example.com" onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <label className="field">
        <span>Role</span>
        <OptionSelect name="invite-role" value={role} options={roleOptions} aria-describedby={`${ids}-role`} onChange={(v) => setRole(v as AssignableRole)} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={invite.isPending || email.trim() === ''}>
        {invite.isPending ? 'Inviting…' : 'Invite member'}
      </button>
      <p id={`${ids}-role`} className="muted small team-role-hint" data-testid="invite-role-description">
        {roleLabels[role]}: {roleDescriptions[role]}
      </p>
      {sent && <InvitationLink invitation={sent} />}
      {error && (
        <p className="form-error" role="alert">
          Could not invite: {error}
        </p>
      )}
    </form>
  );
}
