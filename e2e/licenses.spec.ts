import { describe, expect, it } from 'vitest';
import { wireReference } from '../shared/licenses/pricing';
import { AdminLicensesPage } from './pages/admin-licenses';
import { signInTo } from './pages/app-shell';
import { LicensesPage } from './pages/licenses';
import { announced, recordAnnouncements } from './support/announcements';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

/**
 * The Licenses journey of the licensee account, then License Admin. Tests run in order and share
 * the pending license of the bank-transfer test with the admin test; each uses a fresh browser.
 */
describe('licenses', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);
  let bankTransferLicenseId: string | undefined;

  const signedIn = (path = '/licenses') => signInTo(browser.page(), e2eUsers.licensee, path, LicensesPage, (l) => l.card('community'));

  it('shows a visitor the three cards read-only with a sign-in prompt', async () => {
    const licenses = new LicensesPage(browser.page());
    await licenses.open('/licenses#trial');
    await licenses.signInPrompt.waitFor();
    for (const [type, title] of [
      ['community', 'Free Community Edition'],
      ['trial', 'Enterprise Trial'],
      ['enterprise', 'Enterprise Pro'],
    ] as const) {
      expect(await licenses.card(type).textContent()).toContain(title);
      expect(await licenses.card(type).getByRole('button').count()).toBe(0);
    }
    expect(await licenses.form.count()).toBe(0);
  });

  it('selects a card from the hash, toggles it, and keeps the hash in step', async () => {
    const licenses = await signedIn('/licenses#trial');
    const page = browser.page();
    await licenses.form.waitFor();
    expect(await licenses.form.textContent()).toContain('Enterprise Trial');

    await licenses.acceptTerms.check();
    await licenses.select('enterprise');
    expect(new URL(page.url()).hash).toBe('#enterprise');
    // A different type starts from an empty agreement.
    expect(await licenses.acceptTerms.isChecked()).toBe(false);
    expect(await licenses.createButton.isDisabled()).toBe(true);

    await licenses.card('enterprise').getByRole('button', { name: 'Selected' }).click();
    await licenses.form.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/licenses');
  });

  it('prefills the enterprise form from the pricing page quote link', async () => {
    const licenses = await signedIn('/licenses?orgName=Quote%20Corp&numUsers=35&numGpus=4&hostedGpus=2&supportLevel=email#enterprise');
    await licenses.form.waitFor();
    expect(await licenses.organization.inputValue()).toBe('Quote Corp');
    expect(await licenses.form.getByLabel('Users', { exact: true }).inputValue()).toBe('35');
    expect(await licenses.form.getByLabel('GPUs', { exact: true }).inputValue()).toBe('4');
    expect(await licenses.form.getByLabel('Email Support').isChecked()).toBe(true);
    // 12,000 base + 3 packs of 10 users (36,000) + 4 GPUs (14,400) + email support (12,000)
    expect(await browser.page().getByTestId('price-annual').textContent()).toBe('$74,400');

    // Users are clamped to 10 on blur.
    const users = licenses.form.getByLabel('Users', { exact: true });
    await users.fill('3');
    await users.blur();
    expect(await users.inputValue()).toBe('10');
  });

  it('asks for the organization name before creating', async () => {
    const licenses = await signedIn('/licenses#community');
    await licenses.form.waitFor();
    expect(await licenses.createButton.isDisabled()).toBe(true);
    await licenses.form.getByLabel('My organization has under $10M in annual revenue').check();
    expect(await licenses.createButton.isDisabled()).toBe(true);
    await licenses.form.getByLabel('My organization has under 250 employees').check();
    expect(await licenses.createButton.isDisabled()).toBe(false);

    // No browser alert: the spec's words beside the field, which takes the focus and is described by them.
    const page = browser.page();
    const dialogs: string[] = [];
    page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    await licenses.createButton.click();
    const problem = licenses.form.getByRole('alert');
    await problem.waitFor();
    expect(await problem.textContent()).toBe('Please enter your organization name');
    expect(await licenses.organization.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await licenses.organization.getAttribute('aria-invalid')).toBe('true');
    expect(
      await licenses.organization.evaluate((el) =>
        el
          .getAttribute('aria-describedby')
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent),
      ),
    ).toContain('Please enter your organization name');
    expect(dialogs).toEqual([]);
    // Typing a name settles it.
    await licenses.organization.fill('Acme Research');
    await problem.waitFor({ state: 'detached' });
  });

  it('creates a community license and copies its key', async () => {
    const licenses = await signedIn();
    await browser.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
    const row = await licenses.createCommunity(`Community ${run}`);
    expect(await licenses.status(row).textContent()).toBe('ACTIVE');
    expect(await row.textContent()).toContain('Expires');
    const key = (await licenses.key(row).textContent()) ?? '';
    expect(key.length).toBeGreaterThan(100);

    await licenses.button(row, 'Copy license key').click();
    await row.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await browser.page().evaluate(() => navigator.clipboard.readText())).toBe(key);
    // The confirmation lasts 2 seconds.
    await row.getByRole('button', { name: 'Copy license key' }).waitFor({ timeout: 4000 });
  });

  it('copies a key without the Clipboard API (plain-http installs) and deletes a license after the confirmation', async () => {
    // What a browser offers on a non-secure origin: no navigator.clipboard at all.
    await browser.context().addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    const licenses = await signedIn();
    const page = browser.page();
    const row = await licenses.createCommunity(`Short-lived ${run}`);
    expect(await page.evaluate(() => navigator.clipboard === undefined)).toBe(true);
    await licenses.button(row, 'Copy license key').click();
    await row.getByRole('button', { name: 'Copied!' }).waitFor();

    expect(await licenses.confirmAndClick(licenses.button(row, 'Delete'))).toBe(
      'Are you sure you want to delete this license? The license will still be valid until it expires, it will just be removed from this list.',
    );
    await row.waitFor({ state: 'detached' });
    await page.reload();
    await licenses.rows.first().waitFor();
    expect(await licenses.rowsOf(`Short-lived ${run}`).count()).toBe(0);
  });

  it('creates an enterprise license and pays it by card: back on /licenses it is ACTIVE with a key', async () => {
    const licenses = await signedIn();
    const page = browser.page();
    const row = await licenses.createEnterprise(`Card Corp ${run}`, { users: 20, gpus: 1, support: 'Email Support' });
    expect(await licenses.status(row).textContent()).toBe('PAYMENT PENDING');
    expect(await licenses.key(row).count()).toBe(0);

    await licenses.payNow(row);
    await licenses.paymentModal.getByRole('button', { name: /Credit Card/ }).click();
    await page.waitForURL(/\/checkout\//);
    // 12,000 + 1 pack of users 12,000 + 1 GPU 3,600 + email support 12,000
    expect(await page.getByTestId('checkout-amount').textContent()).toBe('$39,600.00');
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL((u) => u.pathname === '/licenses' && u.searchParams.get('checkout') === 'success');
    await licenses.checkoutNotice.waitFor();
    await row.and(page.locator('[data-status="active"]')).waitFor();
    expect(await licenses.status(row).textContent()).toBe('ACTIVE');
    expect(((await licenses.key(row).textContent()) ?? '').length).toBeGreaterThan(100);
    expect(await licenses.button(row, 'Pay Now').count()).toBe(0);
  });

  it('shows the bank transfer details with the license wire reference', async () => {
    const licenses = await signedIn();
    const row = await licenses.createEnterprise(`Wire Corp ${run}`);
    const id = (await row.getAttribute('data-license-id')) ?? '';
    bankTransferLicenseId = id;

    await licenses.payNow(row);
    await licenses.paymentModal.getByRole('button', { name: /Bank Transfer/ }).click();
    expect(await licenses.wireReference.textContent()).toBe(wireReference(id));
    const text = (await licenses.paymentModal.textContent()) ?? '';
    for (const part of ['$12,000.00', 'Domestic', 'International', '1-3 working days', 'usually 1, up to 5 working days', '1-2 business days']) expect(text).toContain(part);
    // The operator's account from BANK_* (global-setup), never placeholders.
    for (const part of ['E2E Test Bank', '60-16-13', 'GB82 WEST 1234 5698 7654 32', 'NWBKGB2L']) expect(text).toContain(part);
    expect(text).not.toContain('Example Bank');
    await licenses.paymentModal.getByRole('button', { name: 'Done' }).click();
    await licenses.paymentModal.waitFor({ state: 'detached' });
    expect(await licenses.status(row).textContent()).toBe('PAYMENT PENDING');
  });

  it('lets an admin mark the bank-transfer license as paid', async () => {
    expect(bankTransferLicenseId).toBeDefined();
    const id = bankTransferLicenseId ?? '';
    const page = browser.page();
    const admin = await signInTo(page, e2eUsers.admin, '/admin/licenses', AdminLicensesPage, (a) => a.table);
    expect(await admin.pageLabel.textContent()).toMatch(/^Page 1 of \d+$/);
    const row = admin.row(id);
    expect(await row.textContent()).toContain(wireReference(id));
    expect(await row.textContent()).toContain(e2eUsers.licensee.email);

    // A failed mark-paid: no browser alert, a toast with the spec's words naming the license (until closed); Mark as Paid has the focus back.
    const dialogs: string[] = [];
    page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    const markPaidPath = '**/api/admin/licenses/*/mark-paid';
    await page.route(markPaidPath, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal error' }) }));
    await admin.confirmAndClick(admin.markPaidButton(row));
    const failed = page.getByTestId('toast').filter({ hasText: 'Failed to mark license as paid. Please try again.' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain(wireReference(id));
    await expect.poll(() => admin.markPaidButton(row).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(dialogs).toEqual([]);
    await page.unroute(markPaidPath);
    // an error stays past the 5 s a success toast lasts, until its close button (a keyboard control) is used
    await page.waitForTimeout(5_500);
    expect(await failed.isVisible()).toBe(true);
    const dismiss = failed.getByRole('button', { name: /^Dismiss: Failed to mark license as paid/ });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await failed.waitFor({ state: 'detached' });

    await recordAnnouncements(page);
    expect(await admin.confirmAndClick(admin.markPaidButton(row))).toContain(wireReference(id));
    await row.and(page.locator('[data-status="active"]')).waitFor();
    expect(await admin.markPaidButton(row).count()).toBe(0);
    expect(await row.textContent()).toContain('PAID');
    // Mark as Paid went with the payment: the row's next action has the focus, not <body>, and it was announced
    await expect.poll(() => row.getByRole('button', { name: 'Extend / Change' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(async () => (await announced(page)).join(' | ')).toContain(`License marked as paid:`);
  });

  it('lets an admin create a perpetual license for an email: Expires Never, and the form resets', async () => {
    const page = browser.page();
    const admin = await signInTo(page, e2eUsers.admin, '/admin/licenses', AdminLicensesPage, (a) => a.table);
    const org = `Perpetual Partner ${run}`;

    expect(await admin.createButton.isDisabled()).toBe(true);
    await admin.email.fill(e2eUsers.licensee.email);
    await admin.organization.fill(org);
    await admin.usersLimit.fill('50');
    await admin.support.selectOption({ label: 'Premium Support' });
    expect(await admin.duration.inputValue()).toBe('52');
    await admin.perpetual.check();
    expect(await admin.duration.isDisabled()).toBe(true);

    // A failed create: the spec's words in an alert beside the form (no browser alert), Create License has the focus back, the form is kept.
    const dialogs: string[] = [];
    page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    const createPath = '**/api/admin/licenses/create';
    await page.route(createPath, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal error' }) }));
    await admin.createButton.click();
    const failed = admin.createForm.getByRole('alert');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Failed to create license. Please try again.');
    await expect.poll(() => admin.createButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await admin.organization.inputValue()).toBe(org);
    expect(dialogs).toEqual([]);
    await page.unroute(createPath);

    await admin.createButton.click();
    await failed.waitFor({ state: 'detached' });
    const row = admin.rowsOf(org);
    await row.waitFor();
    expect(await admin.expires(row).textContent()).toBe('Never');
    expect(await row.textContent()).toContain(e2eUsers.licensee.email);

    expect(await admin.email.inputValue()).toBe('');
    expect(await admin.organization.inputValue()).toBe('');
    expect(await admin.usersLimit.inputValue()).toBe('');
    expect(await admin.perpetual.isChecked()).toBe(false);
    expect(await admin.duration.inputValue()).toBe('52');
  });
});
