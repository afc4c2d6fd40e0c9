import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../test/support/invoicing';
import { wireReference } from '../shared/licenses/pricing';
import { AdminLicensesPage } from './pages/admin-licenses';
import { CustomersPage } from './pages/admin-customers';
import { AppShell, signInTo } from './pages/app-shell';
import { LicensesPage } from './pages/licenses';
import { BalancePage, LocalCheckoutPage } from './pages/balance';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';
import { resizeAndSettle } from './support/viewport';

const shots = process.env.E2E_SHOTS_DIR;

describe('billing documents', () => {
  const browser = useBrowser();

  it('pays a top-up through the checkout, then downloads its receipt from Balance and finds the number, both parties, the line and the total in it', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    const balance = new BalancePage(page);
    const checkout = new LocalCheckoutPage(page);
    await shell.signIn(e2eUsers.documents, '/balance');
    await page.waitForURL((url) => url.pathname === '/balance');

    const details = page.getByTestId('billing-details-form');
    await details.getByLabel('Legal name').fill('Documents E2E GmbH');
    await details.getByLabel('Country (two letters)').fill('DE');
    await details.getByLabel('Address').fill('Teststraße 5\n10115 Berlin');
    await details.getByLabel('Tax ID (e.g. EU VAT number)').fill('DE123456789');
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await page.getByText('Billing details saved').waitFor();

    await balance.addFundsButton.click();
    await checkout.waitForOpen();
    await checkout.payButton.click();
    await page.waitForURL((url) => url.pathname === '/balance' && url.searchParams.get('checkout') === 'success');

    const row = page.getByTestId('documents').locator('tr[data-kind="receipt"]').first();
    await row.waitFor();
    const number = (await row.locator('.doc-number .mono').textContent()) ?? '';
    expect(number).toMatch(/^RCT-\d{4}-\d{6}$/);
    expect(await row.textContent()).toContain('$50.00');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const file = await download.path();
    const text = await pdfText(fs.readFileSync(file));
    for (const part of ['Receipt', number, 'Launchpad E2E Ltd', 'Documents E2E GmbH', 'Teststraße 5', 'DE123456789', 'Prepaid balance top-up ($50.00)', 'Total (USD) $50.00', 'Paid by card'])
      expect(text).toContain(part);

    if (shots) {
      for (const width of [375, 1440]) {
        await resizeAndSettle(page, width);
        // the window as it shows the list (a full-page shot paints the fixed header and sidebar mid-page)
        await page.getByTestId('documents').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/balance-documents-${width}.png` });
      }
    }
  }, 180_000);

  it("issues a bank-transfer licence's invoice at creation with the wire reference; the admin marks it paid and the invoice reads Paid", async () => {
    const page = browser.page();
    const licenses = await signInTo(page, e2eUsers.documents, '/licenses', LicensesPage, (l) => l.card('community'));
    const row = await licenses.createEnterprise('Wire Documents Ltd');
    const id = (await row.getAttribute('data-license-id')) ?? '';
    const invoices = page.getByTestId('documents').locator('tr[data-kind="invoice"]').filter({ hasText: 'Wire Documents Ltd' });
    await invoices.first().waitFor();
    const invoice = invoices.first();
    expect(await invoice.textContent()).toMatch(/Due /);
    const number = (await invoice.locator('.doc-number .mono').textContent()) ?? '';
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('button', { name: 'Download' }).click()]);
    const text = await pdfText(fs.readFileSync(await download.path()));
    for (const part of ['Invoice', number, wireReference(id), 'GB82 WEST 1234 5698 7654 32', 'Wire Documents Ltd']) expect(text).toContain(part);

    const adminPage = await (await browser.newContext()).newPage();
    const admin = await signInTo(adminPage, e2eUsers.admin, '/admin/licenses', AdminLicensesPage, (a) => a.table);
    const adminRow = admin.row(id);
    await admin.confirmAndClick(admin.markPaidButton(adminRow));
    await adminRow.and(adminPage.locator('[data-status="active"]')).waitFor();

    await page.reload();
    const paid = page.getByTestId('documents').locator('tr[data-kind="invoice"]').filter({ hasText: number });
    await paid.filter({ hasText: 'Paid' }).waitFor();
    expect(await paid.textContent()).not.toMatch(/Due /);
  }, 180_000);

  it('lists every document for the administrator with filters', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.admin, '/admin/documents');
    await page.waitForURL((url) => url.pathname === '/admin/documents');
    const table = page.getByTestId('admin-documents');
    await table.waitFor();
    expect(await table.textContent()).toContain('documents@e2e.test');
    await page.getByLabel('Kind').selectOption('receipt');
    await table.locator('tr[data-kind="receipt"]').first().waitFor();
    // The filtered list replaces the unfiltered one when its answer arrives.
    await expect.poll(() => table.locator('tr[data-kind="invoice"]').count(), { timeout: 10_000 }).toBe(0);
    if (shots) {
      for (const width of [375, 1440]) {
        await resizeAndSettle(page, width);
        await page.screenshot({ path: `${shots}/admin-documents-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // The customer's page lists their documents and leads to all of them on Documents.
    const customers = new CustomersPage(page);
    await page.goto('/admin/customers');
    await customers.find(e2eUsers.documents.email);
    await customers.resultLink(e2eUsers.documents.email).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/customers/id/'));
    const own = page.getByTestId('customer-documents');
    await own.locator('tr[data-kind="receipt"]').first().waitFor();
    expect(await own.locator('tr[data-kind="invoice"]').filter({ hasText: 'Wire Documents Ltd' }).count()).toBe(1);
    await page.getByRole('link', { name: "All of this account's documents" }).click();
    await page.waitForURL((url) => url.pathname === '/admin/documents' && url.searchParams.has('account'));
    await expect.poll(async () => (await table.locator('tbody tr').allTextContents()).every((row) => row.includes(e2eUsers.documents.email)), { timeout: 10_000 }).toBe(true);
  });
});
