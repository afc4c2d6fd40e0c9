import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const w of [375, 800, 1280]) {
  const page = await browser.newPage({ viewport: { width: w, height: 900 } });
  await page.goto('http://127.0.0.1:47311/home', { waitUntil: 'networkidle' });
  const hs = await page.$$eval('.cc-agent', (els) => els.map((e) => Math.round(e.getBoundingClientRect().height) + 'x' + Math.round(e.getBoundingClientRect().width)));
  console.log(w, hs.join(' '));
  if (w === 375) await page.screenshot({ path: '/tmp/i44a-home-375.png', fullPage: true });
  await page.close();
}
await browser.close();
