import { describe, expect, it } from 'vitest';
import { defaultBrand } from '../shared/brand';
import { configuredGpuOffer, deploymentCatalog } from '../shared/deployments/catalog';
import { wrongGpuClaims } from '../shared/deployments/gpu-claims';
import { defaultCivoGpuSize } from '../shared/deployments/gpu-sizes';
import { openApiDocument } from '../server/openapi/document';
import { marketingPages, renderPage } from './entry-server';
import { priceLine } from './shell/deployments/format';

/**
 * One source of GPU facts (issue 44): every marketing page as the server renders it, the app's
 * deployment cards and the OpenAPI document say about the GPU offer only what the configured size
 * (CIVO_GPU_SIZE, here its default) provisions: its hardware, one VM with Docker Compose, its rate.
 */
const offer = configuredGpuOffer(defaultCivoGpuSize);

/** The text a reader or a crawler gets: the words, and the pictures' alternative texts. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/\balt="([^"]*)"/g, '>$1<')
    .replace(/<\/(p|li|h\d|div|td|th|dd|dt|section|article)>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/[ \t]+/g, ' ');
}

describe('GPU claims', () => {
  it('every rendered marketing page says what the configured GPU size provisions', async () => {
    const wrong: string[] = [];
    for (const page of marketingPages()) {
      const rendered = await renderPage(page.path);
      expect(rendered?.status).toBe(200);
      for (const w of wrongGpuClaims(`${page.title}\n${page.description}\n${textOf(rendered?.html ?? '')}`, offer)) wrong.push(`${page.path} ${w}`);
    }
    expect(wrong).toEqual([]);
    const pricing = textOf((await renderPage('/pricing'))?.html ?? '');
    expect(pricing).toContain(offer.priceLine);
    expect(textOf((await renderPage('/deployment'))?.html ?? '')).toContain(offer.priceLine);
  }, 120_000);

  it("the app's deployment cards say it too", () => {
    const gpu = deploymentCatalog(defaultBrand).find((t) => t.gpu);
    const card = [gpu?.name, gpu?.description, ...(gpu?.features ?? []), gpu && priceLine(gpu)].join('\n');
    expect(card).toContain('1× NVIDIA L40S 48GB');
    expect(card).toContain('One VM, Docker Compose');
    expect(wrongGpuClaims(card, offer)).toEqual([]);
  });

  it('and the OpenAPI document', () => {
    const doc = JSON.stringify(openApiDocument({ brand: defaultBrand, gateway: 'local' }), null, 1);
    const texts = [...doc.matchAll(/"(?:description|summary|example|examples|title)": ("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1] ?? '""') as string);
    expect(texts.length).toBeGreaterThan(50);
    expect(wrongGpuClaims(texts.join('\n'), offer)).toEqual([]);
  });
});
