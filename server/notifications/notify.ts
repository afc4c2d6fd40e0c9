import { accountKindOf } from '../../shared/teams/account-kinds';
import { eq } from 'drizzle-orm';
import { appUrl } from '../../shared/routes/app-paths';
import type { NotificationKind } from '../../shared/api/notifications';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { mailOutbox, notifications, teamMembers, teams, users } from '../db/schema';
import { wantsEmail } from './preferences';
import { audienceOf, isDeploymentKind } from '../../shared/teams/notice-audience';

export interface NotifyDeps {
  db: Db;
  clock: Clock;
  /** `smtp`: the mailer delivers outbox rows; `database`: they are kept for the admin's Sent Mail page */
  mailTransport: 'smtp' | 'database';
  /** e-mails link back here */
  publicUrl: string;
}

export interface Notice {
  userId: string;
  kind: NotificationKind;
  /** names the event: the same key never notifies twice, across restarts and instances */
  dedupeKey: string;
  title: string;
  body: string;
  /** an in-app path, e.g. `appPath('balance')` */
  link: string | null;
  /** who did what the notice tells (a member who joined): never mailed about their own action */
  actorId?: string;
  /** a deployment's notice: the member who created it, mailed with the team's owner and admins */
  createdBy?: string | null;
  /** a billing document its e-mails carry as a PDF attachment (the payment's receipt or invoice) */
  documentId?: string | null;
}

/**
 * Records a notification once per dedupe key and, when this call is the one that recorded it and
 * the user wants this kind by e-mail, queues the e-mail, in one transaction: a crash leaves both
 * or neither (a notice without its e-mail would never be mailed: its key is taken). Answers
 * whether it was new.
 */
export async function notify(deps: NotifyDeps, n: Notice): Promise<boolean> {
  return deps.db.transaction((tx) => recordNotice({ ...deps, db: tx }, n));
}

async function recordNotice(deps: NotifyDeps, n: Notice): Promise<boolean> {
  const now = deps.clock.now();
  const [inserted] = await deps.db
    .insert(notifications)
    .values({ userId: n.userId, kind: n.kind, dedupeKey: n.dedupeKey, title: n.title, body: n.body, link: n.link, createdAt: now })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  if (!inserted) return false;
  const link = n.link ? `\n\n${deps.publicUrl}${n.link}` : '';
  for (const to of await recipientsOf(deps.db, n)) {
    if (!to.email || !(await wantsEmail(deps.db, to.id, n.kind))) continue;
    await deps.db.insert(mailOutbox).values({
      toAddress: to.email,
      subject: to.team ? `${to.team}: ${n.title}` : n.title,
      body: `${n.body}${link}\n\nYou receive this because of your notification preferences on your account page: ${appUrl(deps.publicUrl, 'account')}`,
      notificationId: inserted.id,
      documentId: n.documentId ?? null,
      createdAt: now,
      transport: deps.mailTransport,
    });
  }
  return true;
}

/**
 * Who is e-mailed about an account's notice: the person; in a team, those whose work it is
 * (audienceOf), each by their own preferences, never the one whose own action it tells.
 */
async function recipientsOf(db: Db, n: Pick<Notice, 'userId' | 'kind' | 'actorId' | 'createdBy'>): Promise<{ id: string; email: string; team?: string }[]> {
  const [account] = await db.select({ id: users.id, email: users.email, kind: users.kind }).from(users).where(eq(users.id, n.userId));
  if (!account) return [];
  if (accountKindOf(account.kind) === 'personal') return [account];
  const members = await db
    .select({ id: users.id, email: users.email, team: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(teams, eq(teams.accountId, teamMembers.teamId))
    .where(eq(teamMembers.teamId, n.userId));
  const reaches = audienceOf(n.kind);
  return members.filter((m) => m.id !== n.actorId && (reaches(m.role) || (m.id === n.createdBy && isDeploymentKind(n.kind)))).map(({ id, email, team }) => ({ id, email, team }));
}
