import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { serverPageDataKey } from '../shared/page-data';

/** "See it in action" plays a recording served by this site, with its poster; no placeholder ids of a video service anywhere (issue 44). */
describe('the demo video', () => {
  it('is a self-hosted clip with a poster on the landing page, and /code shows no empty player', async () => {
    const landing = (await renderPage('/'))?.html ?? '';
    expect(landing).toMatch(
      /<video[^>]*src="\/media\/showcase-agents\.webm"[^>]*poster="\/media\/showcase-agents\.jpg"|<video[^>]*poster="\/media\/showcase-agents\.jpg"[^>]*src="\/media\/showcase-agents\.webm"/,
    );
    const code = (await renderPage('/code'))?.html ?? '';
    for (const html of [landing, code]) {
      expect(html).not.toMatch(/platform-demo|code-agent-demo|youtube/);
      expect(html).not.toContain('<iframe');
    }
  }, 120_000);
});

/** The operator's own recordings (DEMO_VIDEO_URL, CODE_DEMO_VIDEO_URL) replace the clip, and /code shows a demo only with one. */
describe('the operator demo videos', () => {
  it('embeds DEMO_VIDEO_URL on the landing page and plays a CODE_DEMO_VIDEO_URL file on /code', async () => {
    const key = serverPageDataKey;
    const before = (globalThis as Record<string, unknown>)[key];
    (globalThis as Record<string, unknown>)[key] = { demoVideos: { landing: 'https://player.example.com/embed/abc', code: 'https://cdn.example.com/code-demo.mp4' } };
    try {
      const landing = (await renderPage('/'))?.html ?? '';
      expect(landing).toMatch(/<iframe[^>]*src="https:\/\/player\.example\.com\/embed\/abc"[^>]*loading="lazy"|<iframe[^>]*loading="lazy"[^>]*src="https:\/\/player\.example\.com\/embed\/abc"/);
      expect(landing).not.toContain('A recording of the product: browsing the agent gallery');
      const code = (await renderPage('/code'))?.html ?? '';
      expect(code).toMatch(/<video[^>]*src="https:\/\/cdn\.example\.com\/code-demo\.mp4"/);
      expect(code).toContain('See it in action');
    } finally {
      (globalThis as Record<string, unknown>)[key] = before;
    }
    // without one, /code shows no demo section at all
    expect((await renderPage('/code'))?.html ?? '').not.toContain('See it in action');
  }, 120_000);
});
