import { describe, expect, it } from 'vitest';
import { configuredGpuOffer } from './catalog';
import { wrongGpuClaims } from './gpu-claims';
import { defaultCivoGpuSize } from './gpu-sizes';

const offer = configuredGpuOffer(defaultCivoGpuSize);

describe('GPU claims against the configured size', () => {
  it('accepts what the default size provisions', () => {
    expect(wrongGpuClaims(`${offer.priceLine}, provisioned within 30 minutes.`, offer)).toEqual([]);
    expect(wrongGpuClaims('1× NVIDIA L40S 48GB\nOne VM, Docker Compose', offer)).toEqual([]);
  });

  it("finds the spec's A100 and Kubernetes offer under the default size", () => {
    expect(wrongGpuClaims('$5 per hour per 80GB A100, provisioned within 30 minutes.', offer)).toEqual([expect.stringContaining('names A100')]);
    expect(wrongGpuClaims('GPU Instance: 1× NVIDIA L40S 48GB on Kubernetes for $5/hour.', offer)).toEqual([expect.stringContaining('says Kubernetes')]);
    expect(wrongGpuClaims('Dedicated GPUs from $3 per hour.', offer)).toEqual([expect.stringContaining('$3 an hour')]);
    expect(wrongGpuClaims('1× NVIDIA L40S 40GB', offer)).toEqual([expect.stringContaining('40GB')]);
  });

  it('accepts the A100 once an A100 size is configured', () => {
    const a100 = configuredGpuOffer('g4g.medium');
    expect(a100.hardware).toBe('2× NVIDIA A100 80GB');
    expect(wrongGpuClaims('$5 per hour per 80GB A100.', a100)).toEqual([]);
    expect(wrongGpuClaims(offer.priceLine, a100)).not.toEqual([]);
  });

  it('leaves Kubernetes alone where the platform, not the offer, is meant', () => {
    expect(wrongGpuClaims('Install it with Docker or Kubernetes: on-premises or in your cloud account.', offer)).toEqual([]);
  });
});
