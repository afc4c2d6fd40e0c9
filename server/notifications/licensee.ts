import type { LicenseRow } from '../licenses/queries';
import { appPath, licensePath } from '../../shared/routes/app-paths';
import { userIdsByEmail } from '../licenses/queries';
import { mailOutbox } from '../db/schema';
import { formatDate } from '../../shared/format/dates';
import { notify, type Notice, type NotifyDeps } from './notify';

/**
 * What an administrator's change to a licence tells its licensee. The account that owns it gets a
 * notice (and the e-mail its preferences ask for); a licensee with no account yet gets the e-mail
 * alone, at the licence's address.
 */
export async function tellLicensee(deps: NotifyDeps, l: LicenseRow, n: Omit<Notice, 'userId'>): Promise<void> {
  const ids = l.userId ? [l.userId] : await userIdsByEmail(deps.db, l.email);
  const userId = ids.length === 1 ? ids[0] : undefined;
  if (userId) {
    await notify(deps, { ...n, userId });
    return;
  }
  await queueMail(deps, l.email, n.title, `${n.body}\n\n${deps.publicUrl}${n.link ?? appPath('licenses')}`);
}

/** One e-mail through the outbox (the mailer delivers it, or it stays for the Sent Mail page). */
async function queueMail(deps: NotifyDeps, to: string, subject: string, body: string): Promise<void> {
  await deps.db.insert(mailOutbox).values({ toAddress: to, subject, body, createdAt: deps.clock.now(), transport: deps.mailTransport });
}

export const revokedNotice = (l: LicenseRow, reason: string) => ({
  kind: 'licence_revoked' as const,
  dedupeKey: `licence_revoked:${l.id}`,
  title: `Your license for ${l.organizationName} was revoked`,
  body: `The license ${l.id} for ${l.organizationName} was revoked by an administrator. Reason: ${reason} Installations refuse its key from the platform's next release on.`,
  link: licensePath(l.id),
});

export function licenceRevoked(deps: NotifyDeps, l: LicenseRow, reason: string): Promise<void> {
  return tellLicensee(deps, l, revokedNotice(l, /[.!?]$/.test(reason) ? reason : `${reason}.`));
}

/** The licence was extended or its limits changed: a new licence with a new key replaces it. */
export function licenceChanged(deps: NotifyDeps, old: LicenseRow, next: LicenseRow): Promise<void> {
  const until = next.expiresAt ? `valid until ${formatDate(next.expiresAt, 'UTC')}` : 'perpetual';
  return tellLicensee(deps, next, {
    kind: 'licence_changed',
    dedupeKey: `licence_changed:${next.id}`,
    title: `Your license for ${next.organizationName} has a new key`,
    body:
      `An administrator extended or changed your license for ${next.organizationName}: the new license ${next.id} is ${until}, ` +
      `for ${limitText(next.usersLimit, 'users')} and ${limitText(next.gpusLimit, 'GPUs')}, support ${next.supportLevel}. ` +
      `Copy its key from the Licenses page and set it on your installations: the old license ${old.id} is revoked.`,
    link: licensePath(next.id),
  });
}

const limitText = (n: number | null, what: string) => (n ? `${n} ${what}` : `no ${what} limit`);

/** An administrator re-sent the key: it goes by e-mail to the licence's address whatever the preferences (they asked for it). */
export function licenceKeyResent(deps: NotifyDeps, l: LicenseRow & { licenseKey: string }): Promise<void> {
  const until = l.expiresAt ? `It is valid until ${formatDate(l.expiresAt, 'UTC')}.` : 'It does not expire.';
  return queueMail(
    deps,
    l.email,
    `Your license key for ${l.organizationName}`,
    `Here is the key of your license ${l.id} for ${l.organizationName}. ${until}\n\n${l.licenseKey}\n\nSet it on your installation. Your license: ${deps.publicUrl.replace(/\/+$/, '')}${licensePath(l.id)}`,
  );
}
