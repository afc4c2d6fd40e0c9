/**
 * Billing documents (issue 46) as customers and administrators get them: billing details, a receipt
 * for a card top-up paid on the local checkout, an invoice for a licence paid by bank transfer that
 * the administrator marks paid, who may see them, and that an issued document cannot change. The
 * PDFs are read back as text, as someone selecting it in a viewer would.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingContract as b } from '../../shared/api/billing';
import { documentsContract as d } from '../../shared/api/documents';
import { licensesContract as l } from '../../shared/api/licenses';
import { wireReference } from '../../shared/licenses/pricing';
import { downloadPdf, invoicingEnv, pdfText } from '../../test/support/invoicing';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { useTestServer } from '../../test/support/suite-server';
import { devUsersWith, inAccount, makeTeam, signInPerson } from '../../test/support/team-fixture';
import { call, send } from '../../test/support/typed-client';
import { api } from '../../test/support/api-client';

const year = new Date().getUTCFullYear();

describe('billing documents', () => {
  const { server, tokens } = useTestServer({ ...invoicingEnv, DEV_USERS: devUsersWith(['member', 'biller']) }, { signIn: 'all' });

  const topUp = async (token: string, amount_cents: number, headers: Record<string, string> = {}) => {
    const res = await api(server, '/api/balance/checkout', { token, body: { amount_cents }, headers });
    const { url } = b.checkout.responses[200].schema.parse(res.body);
    const page = await openLocalCheckout(url);
    expect((await page.post('pay')).status).toBe(302);
  };
  const documents = async (token: string) => (await call(server, d.list, {}, { token })).documents;

  it('keeps billing details per account and refuses a VAT number not in its country format', async () => {
    expect(await call(server, d.billingDetails, {}, { token: tokens.user })).toEqual({ details: null, invoicing: true });
    const bad = await send(server, d.saveBillingDetails, { body: { legal_name: 'Acme SAS', address: '1 rue de la Paix\nParis', country: 'FR', tax_id: 'FR123', email: null } }, { token: tokens.user });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Tax ID is not in the format of a FR VAT number');
    const saved = await call(
      server,
      d.saveBillingDetails,
      { body: { legal_name: 'Acme SAS', address: '1 rue de la Paix\n75002 Paris', country: 'fr', tax_id: 'FR 12 345678901', email: 'ap@acme.test' } },
      { token: tokens.user },
    );
    expect(saved).toMatchObject({ legal_name: 'Acme SAS', country: 'FR', tax_id: 'FR12345678901', email: 'ap@acme.test' });
  });

  it('issues a receipt for a card top-up, with both parties, the line, the total and the reverse-charge note in a PDF that never changes', async () => {
    await topUp(tokens.user, 5000);
    const [receipt] = await documents(tokens.user);
    expect(receipt).toMatchObject({ kind: 'receipt', number: `RCT-${year}-000001`, total_cents: 5000, tax_cents: 0, currency: 'USD', description: 'Prepaid balance top-up ($50.00)' });
    expect(receipt?.paid_at).toBe(receipt?.issued_at);
    const pdf = await downloadPdf(server, `/api/documents/${receipt?.id}/pdf`, tokens.user);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.bytes).digest('hex')).toBe(receipt?.pdf_sha256);
    const text = await pdfText(pdf.bytes);
    for (const part of [
      'Receipt',
      `RCT-${year}-000001`,
      'Helix Operator GmbH',
      'Hauptstraße 1',
      'Tax ID: DE123456789',
      'Acme SAS',
      '75002 Paris',
      'FR12345678901',
      'Prepaid balance top-up ($50.00)',
      'Total (USD)',
      '$50.00',
      'Paid by card',
      'Reverse charge',
      'HRB 12345',
    ])
      expect(text).toContain(part);
    // An issued document is never changed nor deleted; only an invoice's payment is recorded, once.
    await expect(server.deps.db.execute(sql`update billing_documents set total_cents = 1 where number = ${receipt?.number}`)).rejects.toThrow();
    await expect(server.deps.db.execute(sql`update billing_documents set paid_at = now() where number = ${receipt?.number}`)).rejects.toThrow();
    await expect(server.deps.db.execute(sql`delete from billing_documents where number = ${receipt?.number}`)).rejects.toThrow();
    expect((await downloadPdf(server, `/api/documents/${receipt?.id}/pdf`, tokens.user)).bytes.equals(pdf.bytes)).toBe(true);
  });

  it("takes the operator's tax out of a buyer's payment when no reverse charge applies, and names the buyer by the account until details are given", async () => {
    await topUp(tokens.other, 5000);
    const [receipt] = await documents(tokens.other);
    expect(receipt).toMatchObject({ number: `RCT-${year}-000002`, total_cents: 5000, tax_cents: 798 });
    const text = await pdfText((await downloadPdf(server, `/api/documents/${receipt?.id}/pdf`, tokens.other)).bytes);
    for (const part of ['other@example.test', 'Subtotal', '$42.02', 'Tax (19%)', '$7.98', '$50.00']) expect(text).toContain(part);
    expect(text).not.toContain('Reverse charge');
    // another account's document is not found
    expect((await downloadPdf(server, `/api/documents/${receipt?.id}/pdf`, tokens.user)).status).toBe(404);
  });

  it('invoices a licence to be paid by bank transfer with the wire reference, the bank and a due date, and marks it paid when the administrator does', async () => {
    const licence = await call(server, l.create, { body: { type: 'enterprise', organization_name: 'Acme SAS', users_limit: 10, gpus_limit: 0, support_level: 'none' } }, { token: tokens.user });
    const invoice = (await documents(tokens.user)).find((x) => x.kind === 'invoice');
    expect(invoice).toMatchObject({ number: `INV-${year}-000001`, total_cents: 1_200_000, paid_at: null, license_id: licence.id });
    expect(new Date(invoice?.due_at ?? 0).getTime() - new Date(invoice?.issued_at ?? 0).getTime()).toBe(30 * 86_400_000);
    const text = await pdfText((await downloadPdf(server, `/api/documents/${invoice?.id}/pdf`, tokens.user)).bytes);
    for (const part of [
      'Invoice',
      `INV-${year}-000001`,
      'Due date',
      'Payable',
      `Wire reference: ${wireReference(licence.id)}`,
      'IBAN: GB82 WEST 1234 5698 7654 32',
      'BIC / SWIFT: NWBKGB2L',
      'Enterprise Pro license for Acme SAS: 10 users, 0 GPUs, no support, 1 year',
      '$12,000.00',
    ])
      expect(text).toContain(part);

    const payable = await call(server, d.adminList, { query: { kind: 'invoice', status: 'payable' } }, { token: tokens.admin });
    expect(payable.documents.map((x) => x.number)).toEqual([`INV-${year}-000001`]);
    await call(server, l.adminMarkPaid, { params: { id: licence.id } }, { token: tokens.admin });
    const paid = (await documents(tokens.user)).find((x) => x.kind === 'invoice');
    expect(paid?.paid_at).not.toBeNull();
    expect(paid?.pdf_sha256).toBe(invoice?.pdf_sha256);
    expect((await call(server, d.adminList, { query: { kind: 'invoice', status: 'payable' } }, { token: tokens.admin })).total).toBe(0);
  });

  it('shows documents to the owner, admin and billing roles of a team and not to members; the admin lists, filters and exports every account’s', async () => {
    const member = await signInPerson(server, 'member');
    const biller = await signInPerson(server, 'biller');
    const owner = await signInPerson(server, 'user');
    const team = await makeTeam(server.deps.db, 'Team Docs', owner, [
      [member, 'member'],
      [biller, 'billing'],
    ]);
    await topUp(biller.accessToken, 2500, inAccount(team));
    const list = (token: string) => api(server, '/api/documents', { token, headers: inAccount(team) });
    expect((await list(member.accessToken)).status).toBe(403);
    expect((await api(server, '/api/billing-details', { token: member.accessToken, method: 'PUT', headers: inAccount(team), body: { legal_name: 'x', address: 'y', country: 'DE' } })).status).toBe(
      403,
    );
    const seen = d.list.responses[200].schema.parse((await list(biller.accessToken)).body).documents;
    expect(seen.map((x) => [x.kind, x.total_cents])).toEqual([['receipt', 2500]]);
    expect((await list(owner.accessToken)).status).toBe(200);
    const teamPdf = await downloadPdf(server, `/api/documents/${seen[0]?.id}/pdf`, member.accessToken, inAccount(team));
    expect(teamPdf.status).toBe(403);
    expect(await pdfText((await downloadPdf(server, `/api/documents/${seen[0]?.id}/pdf`, biller.accessToken, inAccount(team))).bytes)).toContain('Team Docs');

    const mine = await call(server, d.adminList, { query: { account: team } }, { token: tokens.admin });
    expect(mine.documents).toHaveLength(1);
    expect(mine.documents[0]).toMatchObject({ account_id: team, account_name: 'Team Docs', kind: 'receipt' });
    expect((await call(server, d.adminList, { query: { search: 'acme' } }, { token: tokens.admin })).documents.map((x) => x.kind).sort()).toEqual(['invoice', 'receipt']);
    expect((await send(server, d.adminList, { query: {} }, { token: tokens.user })).status).toBe(403);
    const csv = await fetch(`${server.url}/api/admin/documents/export?kind=receipt`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('number,kind,issued_at,due_at,paid_at,account_id,account_name,description,currency,total_cents,tax_cents,license_id,pdf_sha256');
    expect(
      rows
        .slice(1)
        .map((r) => r.split(',')[0])
        .sort(),
    ).toEqual([`RCT-${year}-000001`, `RCT-${year}-000002`, `RCT-${year}-000003`]);
    // for Excel: the same rows after a UTF-8 byte-order mark, in a file named for it
    const excel = await fetch(`${server.url}/api/admin/documents/export?kind=receipt&excel=1`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    expect(excel.headers.get('content-disposition')).toMatch(/documents-\d{4}-\d{2}-\d{2}-excel\.csv/);
    const excelBytes = Buffer.from(await excel.arrayBuffer());
    expect([...excelBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(excelBytes.subarray(3).toString('utf8').trim().split('\r\n')).toEqual(rows);
    const adminPdf = await downloadPdf(server, `/api/admin/documents/${seen[0]?.id}/pdf`, tokens.admin);
    expect(adminPdf.status).toBe(200);
  });
});

describe('billing documents when invoicing is off', () => {
  const { server, tokens } = useTestServer({}, { signIn: ['user'] });

  it('issues none and says so', async () => {
    expect(await call(server, d.billingDetails, {}, { token: tokens.user })).toEqual({ details: null, invoicing: false });
    expect((await call(server, d.list, {}, { token: tokens.user })).documents).toEqual([]);
  });
});
