import { landingOf } from '../../shell/account/use-role';
import { Link, useNavigate } from 'react-router-dom';
import { teamPath } from '../../../shared/routes/app-paths';
import type { InvitationPreview } from '../../../shared/api/teams';
import { formatDate } from '../../../shared/format/dates';
import { roleDescriptions, roleLabels } from '../../../shared/teams/roles';
import { switchAccount } from '../../auth/account-store';
import { signOut } from '../../auth/session';
import { selectEmail, useAuthStore } from '../../auth/store';
import { useAcceptInvitation, useInvitationPreview } from '../../queries/teams';
import type { PageProps } from '../../routes/pages';
import { PageTitle, PlaceholderPage } from '../../shell/Page';
import { PairList } from '../../shell/PairList';
import { toast } from '../../shell/toast-store';
import './invitation.css';
import { invitationStatusText } from './status-text';

/** /invitations/<token>: what the link invites you to, and Accept; then the tab works in the team. */
export default function InvitationPage({ route }: PageProps) {
  if (route.view === 'public') return <PlaceholderPage name="invitation" route={route} description="You were invited to join a team." signInAction="see and accept the invitation" />;
  const token = route.params.token ?? '';
  if (!token) {
    return <PlaceholderPage name="invitation" route={route} description="Open the link from your invitation e-mail: it ends with the invitation's secret, which this address lacks." />;
  }
  return <Invitation token={token} />;
}

function Invitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  return (
    <section className="page invitation-page">
      <PageTitle>Team invitation</PageTitle>
      {preview.error ? (
        <p className="error-text" role="alert" data-testid="invitation-error">
          {preview.error.message}
        </p>
      ) : !preview.data ? (
        <p className="muted">Loading…</p>
      ) : (
        <Preview token={token} invitation={preview.data} />
      )}
    </section>
  );
}

function Preview({ token, invitation: i }: { token: string; invitation: InvitationPreview }) {
  const email = useAuthStore(selectEmail);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();

  const click = () =>
    accept.mutate(token, {
      onSuccess: (team) => {
        switchAccount(team.id);
        toast({ kind: 'success', title: `You joined ${team.name}`, message: `You are working in the team as ${roleLabels[team.role]}.` });
        void navigate(landingOf(team.role));
      },
    });

  return (
    <div className="card invitation-card" data-testid="invitation">
      <p className="page-lead">
        <strong>{i.invited_by}</strong> invited <strong>{i.email}</strong> to join <strong className="invitation-team">{i.team_name}</strong>.
      </p>
      <PairList
        kind="terms"
        className="invitation-facts"
        items={[
          ['Team', i.team_name],
          ['Role', `${roleLabels[i.role]}: ${roleDescriptions[i.role]}`],
          ['Invited by', i.invited_by],
          ['Status', invitationStatusText(i, email)],
          // one true state: only a pending link has a "valid until"
          ...(i.status === 'pending' ? [['Link valid until', formatDate(i.expires_at)] as [string, string]] : []),
        ]}
      />
      {!i.email_matches && i.status === 'pending' && (
        <p className="form-error" data-testid="invitation-mismatch">
          {sameAddress(email, i.email)
            ? `Your e-mail ${i.email} is not verified yet. Verify it with your identity provider, then open this link again.`
            : `This invitation is for ${i.email}, but you are signed in as ${email}. Sign in with the invited e-mail to accept it.`}
        </p>
      )}
      {i.member && (
        <p data-testid="invitation-member">
          You are a member of {i.team_name}.{' '}
          <Link className="btn btn-primary" to={teamPath(i.team_id)}>
            Open team
          </Link>
        </p>
      )}
      {accept.isError && i.status === 'pending' && (
        <p className="form-error" role="alert" data-testid="invitation-accept-error">
          {accept.error.message}
        </p>
      )}
      {i.status === 'pending' &&
        !i.member &&
        (i.email_matches ? (
          <button type="button" className="btn btn-primary" onClick={click} disabled={accept.isPending}>
            {accept.isPending ? 'Joining…' : 'Accept invitation'}
          </button>
        ) : (
          <button type="button" className="btn" onClick={() => void signOut()}>
            Sign out to switch e-mail
          </button>
        ))}
    </div>
  );
}

const sameAddress = (a: string | null | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();
