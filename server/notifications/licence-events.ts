import { formatDate } from '../../shared/format/dates';
import type { LicenseType } from '../../shared/licenses/vocabulary';
import { licensePath } from '../../shared/routes/app-paths';
import type { LicenseRow } from '../licenses/queries';
import { tellLicensee } from './licensee';
import type { NotifyDeps } from './notify';

/**
 * What a licensee is told when a licence starts: issued (active at once: community, trial, an
 * administrator's), activated (an enterprise licence once its payment arrived) or renewed. Called
 * in the transaction that writes the licence, so both commit or neither.
 */

const typeName: Record<LicenseType, string> = { community: 'Community Edition', trial: 'Enterprise Trial', enterprise: 'Enterprise Pro' };
const nameOf = (l: LicenseRow) => typeName[l.type as LicenseType] ?? 'license';
const validity = (l: LicenseRow) => (l.expiresAt ? `valid until ${formatDate(l.expiresAt, 'UTC')}` : 'perpetual');

export function licenceIssued(deps: NotifyDeps, l: LicenseRow): Promise<void> {
  return tellLicensee(deps, l, {
    kind: 'licence_issued',
    dedupeKey: `licence_issued:${l.id}`,
    title: `Your ${nameOf(l)} license for ${l.organizationName} is ready`,
    body: `The license ${l.id} for ${l.organizationName} is active and ${validity(l)}. Copy its key from the Licenses page and set it on your installation.`,
    link: licensePath(l.id),
  });
}

export function licenceActivated(deps: NotifyDeps, l: LicenseRow): Promise<void> {
  return tellLicensee(deps, l, {
    kind: 'licence_activated',
    dedupeKey: `licence_activated:${l.id}`,
    title: `Your license for ${l.organizationName} is active`,
    body: `Your payment for the license ${l.id} for ${l.organizationName} arrived: it is active and ${validity(l)}. Copy its key from the Licenses page and set it on your installation.`,
    link: licensePath(l.id),
  });
}

/** A renewal paid by the licensee: a successor licence continues where the renewed one ends. */
export function licenceRenewed(deps: NotifyDeps, old: LicenseRow, next: LicenseRow): Promise<void> {
  const oldRunsUntil = old.expiresAt && old.expiresAt > deps.clock.now() ? old.expiresAt : null;
  const when = oldRunsUntil ? `before ${formatDate(oldRunsUntil, 'UTC')}; the old key keeps working until then` : 'now: the old key has expired';
  return tellLicensee(deps, next, {
    kind: 'licence_changed',
    dedupeKey: `licence_renewed:${old.id}`,
    title: `Your license for ${next.organizationName} was renewed`,
    body:
      `Thank you for renewing: the new license ${next.id} for ${next.organizationName} is ${validity(next)}, with the same terms as ${old.id}. ` +
      `Copy its key from the Licenses page and set it on your installations ${when}.`,
    link: licensePath(next.id),
  });
}
