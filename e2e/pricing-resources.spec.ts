import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/app-shell';
import { LicensesPage } from './pages/licenses';
import { PricingPage } from './pages/pricing';
import { ResourcesPage } from './pages/resources';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

describe('pricing and resources', () => {
  const browser = useBrowser();

  it('prices a licence live, shows hosted GPUs only when there are some, and resets', async () => {
    const pricing = new PricingPage(browser.page());
    await pricing.open();
    expect(await pricing.calculator.count()).toBe(0);
    await pricing.openCalculator();

    // Defaults: 100 users, 20 GPUs, no support.
    expect(await pricing.field('Number of users').inputValue()).toBe('100');
    expect(await pricing.field('Managed GPUs').inputValue()).toBe('20');
    expect(await pricing.support('None').isChecked()).toBe(true);
    expect(await pricing.total.textContent()).toBe('$192,000');
    expect(await pricing.hostedGpuRow.count()).toBe(0);

    await pricing.support('Premium support').check();
    expect(await pricing.total.textContent()).toBe('$312,000');

    await pricing.field('Hosted GPUs').fill('1');
    await pricing.hostedGpuRow.waitFor();
    expect(await pricing.hostedGpuRow.textContent()).toContain('$43,800');
    expect(await pricing.total.textContent()).toBe('$355,800');

    // Users are sold in packs of 10.
    await pricing.field('Number of users').fill('95');
    expect(await pricing.total.textContent()).toBe('$355,800');
    await pricing.field('Number of users').blur();
    expect(await pricing.field('Number of users').inputValue()).toBe('100');

    // No quote without an organization name.
    expect(await pricing.getQuote.isDisabled()).toBe(true);
    await browser.page().getByTestId('org-required').waitFor();

    await pricing.reset.click();
    expect(await pricing.total.textContent()).toBe('$192,000');
    expect(await pricing.hostedGpuRow.count()).toBe(0);
    expect(await pricing.support('None').isChecked()).toBe(true);

    await pricing.close.click();
    await pricing.calculator.waitFor({ state: 'detached' });
  });

  it('sends the quote to the Licenses page with the enterprise form filled in', async () => {
    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.user);
    const pricing = new PricingPage(page);
    await pricing.open();
    await pricing.openCalculator();
    await pricing.field('Organization name').fill('Quote Test Ltd');
    await pricing.field('Number of users').fill('35');
    await pricing.field('Managed GPUs').fill('4');
    await pricing.field('Hosted GPUs').fill('2');
    await pricing.support('Email support').check();
    // 12,000 + 30 extra users (36,000) + 4 GPUs (14,400) + 2 hosted (87,600) + email at checkout's price (12,000)
    expect(await pricing.total.textContent()).toBe('$162,000');

    await pricing.getQuote.click();
    await page.waitForURL(/\/licenses\?/);
    const url = new URL(page.url());
    expect(url.hash).toBe('#enterprise');
    expect(Object.fromEntries(url.searchParams)).toEqual({ orgName: 'Quote Test Ltd', numUsers: '40', numGpus: '4', hostedGpus: '2', supportLevel: 'email' });

    const licenses = new LicensesPage(page);
    await licenses.form.waitFor();
    expect(await licenses.organization.inputValue()).toBe('Quote Test Ltd');
    expect(await licenses.form.getByLabel('Users', { exact: true }).inputValue()).toBe('40');
    expect(await licenses.form.getByLabel('GPUs', { exact: true }).inputValue()).toBe('4');
    expect(await licenses.form.getByLabel('Email Support').isChecked()).toBe(true);
  });

  it('recalculates the ROI, its chart and table as inputs change, and saves the report', async () => {
    const resources = new ResourcesPage(browser.page());
    await resources.open('#roi-calculator');
    await resources.figure('total').waitFor();
    expect(await resources.isOpen('roi-calculator')).toBe(true);

    // Defaults: financial services, 500 workers.
    expect(await resources.figure('investment').textContent()).toBe('$712,000');
    expect(await resources.figure('total').textContent()).toBe('$13,188,214');
    expect(await resources.figure('payback').textContent()).toBe('Month 6');
    expect(await resources.monthlyRows.count()).toBe(24);
    await resources.paybackMark.waitFor();
    const line = await resources.chartValueLine.getAttribute('d');
    const description = await resources.chartDescription.textContent();

    await resources.input('roiWorkers').fill('1000');
    await expect.poll(() => resources.figure('investment').textContent()).toBe('$1,212,000');
    expect(await resources.figure('total').textContent()).not.toBe('$13,188,214');
    expect(await resources.chartDescription.textContent()).not.toBe(description);

    await resources.input('roiIndustry').selectOption('healthcare');
    await expect.poll(() => resources.insights.textContent()).toContain('95 percent faster patient documentation');
    await resources.input('roiAdoptionSpeed').selectOption('slow');
    await expect.poll(() => resources.chartValueLine.getAttribute('d')).not.toBe(line);

    // A blank input falls back to its default.
    await resources.input('roiWorkers').fill('');
    await resources.input('roiWorkers').blur();
    expect(await resources.input('roiWorkers').inputValue()).toBe('500');

    expect(await resources.assumptions.locator('ul').isVisible()).toBe(false);
    await resources.assumptions.locator('summary').click();
    // the roll-out as the monthly table reads it, for the speed chosen above
    await expect.poll(() => resources.assumptions.textContent()).toContain('Roll-out (slow): months 1–3 at 0%, month 4 5%, 5 10%');

    const download = browser.page().waitForEvent('download');
    await browser.page().getByRole('button', { name: 'Download ROI report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('roi-report.html');
    const html = fs.readFileSync(await file.path(), 'utf8');
    expect(html).toContain('ROI report');
    expect(html).toContain('Healthcare');
  });

  it('opens a collapsed section named by the address, and explains the chosen architecture', async () => {
    const resources = new ResourcesPage(browser.page());
    await resources.open('#compliance-legal');
    await expect.poll(() => resources.isOpen('compliance-legal')).toBe(true);
    await resources.section('compliance-legal').getByText('SOC 2 Type II').waitFor();
    expect(await resources.isOpen('technical-architecture')).toBe(false);
    const trust = resources.section('compliance-legal').getByRole('link', { name: /Trust Center/ });
    expect(await trust.getAttribute('target')).toBe('_blank');

    await resources.expand('technical-architecture');
    const select = resources.section('technical-architecture').getByLabel('Authentication');
    await select.selectOption('ad');
    expect(await resources.explanation.textContent()).toContain('Authentication: Active Directory');
    await resources.section('technical-architecture').getByLabel('Persistent storage').selectOption('s3');
    expect(await resources.explanation.textContent()).toContain('S3 bucket');
  });
});
