import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';

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
