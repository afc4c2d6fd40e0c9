import { formatCents } from '../../shared/api/billing';
import { appPath, deploymentPath, documentPath, licensePath } from '../../shared/routes/app-paths';
import { documentBySource } from '../documents/queries';
import { balanceOf } from '../billing/ledger';
import type { CheckoutRow } from '../billing/checkout';
import type { TopupDone } from '../billing/service';
import type { DeploymentRow } from '../deployments/queries';
import type { LicenseRow } from '../licenses/queries';
import { accountWords } from './account-words';
import { notify, type NotifyDeps } from './notify';

/**
 * A deployment ended without its owner asking: expired, unpaid or deleted by an administrator.
 * An unpaid one names the amount that was missing for its next hour.
 */
export async function deploymentTerminated(deps: NotifyDeps, d: DeploymentRow, notice: { reason: string; unpaid: boolean }): Promise<void> {
  let body = `Your deployment "${d.name}" was terminated. ${withStop(notice.reason)}`;
  if (notice.unpaid && d.hourlyRateCents) {
    const balance = await balanceOf(deps.db, d.userId);
    const missing = Math.max(d.hourlyRateCents - Math.max(balance, 0), 0);
    body = `Your deployment "${d.name}" was terminated: its next hour costs ${formatCents(d.hourlyRateCents)} and your balance was ${formatCents(balance)}, so ${formatCents(missing)} was missing. Add funds to start deployments again.`;
  }
  await notify(deps, {
    userId: d.userId,
    kind: 'deployment_terminated',
    dedupeKey: `terminated:${d.id}`,
    title: `Deployment ${d.name} was terminated`,
    body,
    link: notice.unpaid ? appPath('balance') : deploymentPath(d.id),
    createdBy: d.createdBy,
  });
}

/** A checkout's payment notice is keyed by this and the checkout id (also in SQL: the catch-up in ./triggers.ts). */
export const paymentKeyPrefix = 'payment:';

/** A checkout was paid: balance funds or a licence. Answers whether the notice is new. */
export async function paymentReceived(deps: NotifyDeps, c: CheckoutRow): Promise<boolean> {
  const { whose } = await accountWords(deps.db, c.userId);
  const what = c.purpose === 'license' ? `for ${whose} license` : c.purpose === 'license_renewal' ? `for the renewal of ${whose} license` : `and added it to ${whose} balance`;
  const page = c.purpose === 'balance' ? 'balance' : 'licenses';
  // issued in the payment's transaction (INVOICING=on): the notice links to it, the e-mail carries it
  const receipt = await documentBySource(deps.db, 'receipt', `checkout:${c.id}`);
  return notify(deps, {
    userId: c.userId,
    kind: 'payment_received',
    dedupeKey: `${paymentKeyPrefix}${c.id}`,
    title: `Payment of ${formatCents(c.amountCents)} received`,
    body: `We received your payment of ${formatCents(c.amountCents)} ${what}. Thank you.${receipt ? ` Your receipt ${receipt.number} is attached to the e-mail and listed on the ${page === 'balance' ? 'Balance' : 'Licenses'} page.` : ''}`,
    link: receipt ? documentPath(page, receipt.id) : appPath(page),
    documentId: receipt?.id ?? null,
  });
}

/** An administrator recorded a licence's bank transfer as received. */
export async function licenceTransferPaid(deps: NotifyDeps, l: LicenseRow): Promise<void> {
  if (!l.userId) return;
  const invoice = await documentBySource(deps.db, 'invoice', `licence:${l.id}`);
  await notify(deps, {
    userId: l.userId,
    kind: 'payment_received',
    dedupeKey: `payment:transfer:${l.id}`,
    title: `Bank transfer for your license for ${l.organizationName} received`,
    // the licence's activation is its own notice (licence-events.ts)
    body: `We received your bank transfer for the license ${l.id} for ${l.organizationName}. Thank you.${invoice ? ` Your invoice ${invoice.number} is marked paid; it is attached to the e-mail.` : ''}`,
    link: invoice ? documentPath('licenses', invoice.id) : licensePath(l.id),
    documentId: invoice?.id ?? null,
  });
}

/** An administrator added funds to the user's balance: the amount, the reason and the new balance. */
export async function topupReceived(deps: NotifyDeps, t: TopupDone): Promise<void> {
  const { whose, Whose } = await accountWords(deps.db, t.userId);
  await notify(deps, {
    userId: t.userId,
    kind: 'topup_received',
    dedupeKey: `topup:${t.ledgerEntryId}`,
    title: `${formatCents(t.amountCents)} added to ${whose} balance`,
    body: `An administrator added ${formatCents(t.amountCents)} to ${whose} balance: ${withStop(t.reason)} ${Whose} balance is now ${formatCents(t.balanceAfterCents)}.`,
    link: appPath('balance'),
  });
}

const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
