import { eq } from 'drizzle-orm';
import { formatCents } from '../../shared/api/billing';
import { quoteEnterprise, wireReference } from '../../shared/licenses/pricing';
import type { Db } from '../db/client';
import { licenses, type checkoutSessions } from '../db/schema';
import type { LicenseRow } from '../licenses/queries';
import type { DocumentLine } from './content';
import { creditNoteFor, issueDocument, type DocumentDeps } from './issue';
import { documentBySource, markInvoicePaid, payableInvoiceOfLicence } from './queries';

/** What billing and licences call, each inside the transaction that moves the money. */
export interface CheckoutDocuments {
  /** a card payment taken: its receipt (and a credit note for a licence's payable invoice it settles) */
  paid(tx: Db, checkout: CheckoutRow, at: Date): Promise<void>;
  /** a card payment sent back: a credit note for its receipt */
  refunded(tx: Db, checkout: CheckoutRow, at: Date): Promise<void>;
}

export interface LicenceDocuments {
  /** a licence to be paid by bank transfer: its invoice */
  created(tx: Db, licence: LicenseRow, at: Date): Promise<void>;
  /** the transfer received: the invoice marked paid */
  transferPaid(tx: Db, licence: LicenseRow, at: Date): Promise<void>;
}

// the session row, read from the schema: billing/checkout.ts imports this module
type CheckoutRow = typeof checkoutSessions.$inferSelect;

const supportWords = { none: 'no support', email: 'e-mail support', premium: 'premium support' } as const;

const licenceLine = (org: string, terms: { users: number; gpus: number; support: keyof typeof supportWords }, cents: number): DocumentLine => ({
  description: `Enterprise Pro license for ${org}: ${terms.users} users, ${terms.gpus} GPUs, ${supportWords[terms.support]}, 1 year`,
  quantity: 1,
  unitCents: cents,
  amountCents: cents,
});

async function checkoutLine(tx: Db, c: CheckoutRow): Promise<DocumentLine> {
  if (c.purpose === 'balance') return { description: `Prepaid balance top-up (${formatCents(c.amountCents)})`, quantity: 1, unitCents: c.amountCents, amountCents: c.amountCents };
  const [licence] = c.reference ? await tx.select({ org: licenses.organizationName }).from(licenses).where(eq(licenses.id, c.reference)) : [];
  const terms = { users: c.usersLimit ?? 0, gpus: c.gpusLimit ?? 0, support: c.supportLevel ?? 'none' };
  const line = licenceLine(licence?.org ?? c.reference ?? 'license', terms, c.amountCents);
  return c.purpose === 'license_renewal' ? { ...line, description: `Renewal: ${line.description}` } : line;
}

export function checkoutDocuments(deps: DocumentDeps): CheckoutDocuments {
  return {
    async paid(tx, c, at) {
      const receipt = await issueDocument(tx, deps, {
        accountId: c.userId,
        kind: 'receipt',
        source: `checkout:${c.id}`,
        at,
        lines: [await checkoutLine(tx, c)],
        payment: { status: 'paid', method: 'card' },
        licenseId: c.purpose === 'balance' ? null : c.reference,
        checkoutId: c.id,
      });
      // A licence paid by card instead of by the transfer its invoice asked for: that invoice is cancelled.
      const invoice = c.purpose === 'license' && c.reference && c.status === 'paid' ? await payableInvoiceOfLicence(tx, c.reference) : undefined;
      if (invoice) await creditNoteFor(tx, deps, invoice, `cancel:${invoice.id}`, `Paid by card (${receipt.number})`, at);
    },
    async refunded(tx, c, at) {
      const receipt = await documentBySource(tx, 'receipt', `checkout:${c.id}`);
      if (receipt) await creditNoteFor(tx, deps, receipt, `refund:${c.id}`, 'Refund', at);
    },
  };
}

export function licenceDocuments(deps: DocumentDeps): LicenceDocuments {
  return {
    async created(tx, l, at) {
      if (!deps.bankTransfer || l.type !== 'enterprise' || l.paymentStatus !== 'pending' || !l.userId) return;
      const terms = { users: l.usersLimit ?? 0, gpus: l.gpusLimit ?? 0, support: l.supportLevel };
      const cents = quoteEnterprise(terms).annualCents;
      await issueDocument(tx, deps, {
        accountId: l.userId,
        kind: 'invoice',
        source: `licence:${l.id}`,
        at,
        dueAt: new Date(at.getTime() + deps.invoicing.dueDays * 86_400_000),
        lines: [licenceLine(l.organizationName, terms, cents)],
        payment: { status: 'payable', method: 'bank transfer', wireReference: wireReference(l.id), bank: deps.bankTransfer },
        licenseId: l.id,
      });
    },
    async transferPaid(tx, l, at) {
      await markInvoicePaid(tx, l.id, at);
    },
  };
}
