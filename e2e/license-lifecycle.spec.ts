import { describe, expect, it } from 'vitest';
import { compileRevokedMap, isRevokedIn, platformIsRevoked } from '../test/support/platform-revocation';
import { AdminLicensesPage } from './pages/admin-licenses';
import { signInTo } from './pages/app-shell';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

/**
 * An operator's week with licences (issue 30): a licence for an e-mail nobody signed in with yet
 * (asked first), revoked with a reason, and its hash copied from License Admin into the platform's
 * own offline check, which then refuses it.
 */
describe('licence lifecycle', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  it('creates a licence for an unknown e-mail after confirming, revokes it and pastes its hash into the platform check', async () => {
    const page = browser.page();
    await browser.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
    const admin = await signInTo(page, e2eUsers.admin, '/admin/licenses', AdminLicensesPage, (a) => a.table);
    const org = `Mistyped Customer ${run}`;
    const email = `ghost-${run}@nowhere.test`;

    await admin.email.fill(email);
    await admin.organization.fill(org);
    await admin.perpetual.check();
    await admin.createButton.click();
    await admin.unknownEmailQuestion.waitFor();
    expect(await admin.unknownEmailQuestion.textContent()).toContain(`No account uses ${email} yet`);
    expect(await admin.rowsOf(org).count()).toBe(0);
    await admin.unknownEmailQuestion.getByRole('button', { name: 'Create Anyway' }).click();
    const row = admin.rowsOf(org);
    await row.waitFor();
    // Create Anyway went with its question: the form's heading has the focus (not <body>), and the live region told of the licence
    await expect.poll(() => page.getByRole('heading', { name: 'Create License' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByTestId('live-region').textContent()).toContain(`License created: ${org} for ${email}.`);
    expect(await page.getByTestId('create-license-done').textContent()).toBe(`License created: ${org} for ${email}.`);
    const id = (await row.getAttribute('data-license-id')) ?? '';
    expect(id).toMatch(/^lic_/);

    await admin.action(row, 'Revoke').click();
    await admin.revokeDialog.waitFor();
    expect(await admin.revokeDialog.textContent()).toContain("from the platform's next release that carries its hash");
    expect(await admin.revokeButton.isDisabled()).toBe(true);
    await admin.revokeReason.fill('Issued to a mistyped e-mail address');
    await admin.revokeButton.click();
    await admin.revokeDialog.waitFor({ state: 'detached' });
    await row.and(page.locator('[data-status="revoked"]')).waitFor();
    expect(await row.textContent()).toContain('REVOKED');
    expect(await row.textContent()).toContain('Issued to a mistyped e-mail address');
    expect(await admin.action(row, 'Revoke').count()).toBe(0);

    await admin.revokedHashes.locator(`li[data-license-id="${id}"]`).waitFor();
    // the lines revoked since today: only what the last release cannot carry yet
    await admin.revokedHashes.getByTestId('revoked-since').fill(new Date().toISOString().slice(0, 10));
    await admin.revokedHashes.getByRole('button', { name: 'Copy hash lines' }).click();
    const pasted = await page.evaluate(() => navigator.clipboard.readText());
    expect(pasted).toBe(await admin.revokedHashLines.textContent());
    expect(platformIsRevoked(pasted, id).revoked).toBe(true);
    expect(platformIsRevoked(pasted, `${id}x`).revoked).toBe(false);
    // or the whole block, replacing the one in license.go
    await admin.revokedHashes.getByRole('button', { name: 'Copy whole block' }).click();
    const block = await page.evaluate(() => navigator.clipboard.readText());
    expect(isRevokedIn(compileRevokedMap(`package license\n\n${block}`), id).revoked).toBe(true);
  }, 120_000);
});
