import type { GpuOffer } from './gpu-sizes';

/** GPU models a page could name for a hosted GPU instance. */
const models = ['A100', 'H100', 'H200', 'L40S', 'L40', 'L4', 'A10G', 'A10', 'V100', 'T4', 'B200'];
const modelPattern = new RegExp(`\\b(${models.join('|')})\\b`, 'g');
/** "80GB A100", "A100 80GB", "L40S 48GB" */
const memoryPattern = new RegExp(`(\\d+)\\s?GB\\s+(?:NVIDIA\\s+)?(${models.join('|')})\\b|\\b(${models.join('|')})\\s+(\\d+)\\s?GB`, 'g');
/** "$5 per hour", "$5/hour", "$5/hr" */
const hourlyPattern = /\$(\d+(?:\.\d\d)?)\s*(?:per hour|\/hour|\/hr)\b/g;
const hourlyOnce = new RegExp(hourlyPattern.source);

/**
 * Where a text says more (or other) about the hosted GPU offer than the configured size provisions:
 * a GPU model or memory that is not the configured one, an hourly price near "GPU" that is not its
 * rate, or Kubernetes in a sentence about the offer (it runs on one VM with Docker Compose).
 * One finding per wrong claim, with the sentence it is in.
 */
export function wrongGpuClaims(text: string, offer: GpuOffer): string[] {
  const found: string[] = [];
  const model = /NVIDIA (\S+) /.exec(offer.hardware)?.[1];
  const memory = /(\d+)GB$/.exec(offer.hardware)?.[1];
  const price = (offer.hourlyCents / 100).toFixed(2);
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const named = [...sentence.matchAll(modelPattern)].map((m) => m[1]);
    for (const m of named) if (m !== model) found.push(`names ${m}: "${sentence.trim()}"`);
    for (const m of sentence.matchAll(memoryPattern)) {
      const gb = m[1] ?? m[4];
      if ((m[2] ?? m[3]) === model && gb !== memory) found.push(`says ${gb}GB: "${sentence.trim()}"`);
    }
    const aboutOffer = named.length > 0 || /\bGPU/.test(sentence);
    if (!aboutOffer) continue;
    for (const m of sentence.matchAll(hourlyPattern)) {
      if (Number(m[1]).toFixed(2) !== price) found.push(`prices it at $${m[1]} an hour: "${sentence.trim()}"`);
    }
    if (/Kubernetes/.test(sentence) && (hourlyOnce.test(sentence) || named.length > 0)) found.push(`says Kubernetes: "${sentence.trim()}"`);
  }
  return found;
}
