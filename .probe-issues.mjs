import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const p of process.argv.slice(2)) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Audits.enable');
  cdp.on('Audits.issueAdded', (e) => console.log(p, 'ISSUE', JSON.stringify(e.issue).slice(0, 800)));
  page.on('console', (m) => console.log(p, 'console', m.type(), m.text().slice(0, 300)));
  await page.goto('http://127.0.0.1:47311' + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await ctx.close();
}
await browser.close();
