import { describe, expect, it } from 'vitest';
import { defaultBrand } from '../brand';
import { deploymentCatalog, gpuInstanceTypeId } from './catalog';
import { defaultCivoGpuSize, gpuHardwareLine, gpuHostingLine } from './gpu-sizes';

const gpuCard = (size?: string) => deploymentCatalog(defaultBrand, size).find((t) => t.id === gpuInstanceTypeId);

describe('GPU Instance card: the hardware the configured Civo size provisions', () => {
  it.each([
    ['an.g1.l40s.x1', '1× NVIDIA L40S 48GB'],
    ['g4g.small', '1× NVIDIA A100 80GB'],
    ['g4g.medium', '2× NVIDIA A100 80GB'],
    ['g4g.40.small', '1× NVIDIA A100 40GB'],
    ['an.g1.h100.x1', '1× NVIDIA H100 80GB'],
    // a size not in the table is named, never dressed up as something it may not be
    ['g9.unknown', 'Civo size g9.unknown'],
  ])('%s → %s', (size, line) => {
    expect(gpuHardwareLine(size)).toBe(line);
    expect(gpuCard(size)?.features[0]).toBe(line);
  });

  it('the one L40S instance the old default provisioned is not sold as "2x 80GB A100"', () => {
    expect(gpuCard('an.g1.l40s.x1')?.features).not.toContain('2x 80GB A100');
  });

  it('by default provisions one L40S on one VM with Docker Compose, says so, and never Kubernetes (issue 44)', () => {
    expect(defaultCivoGpuSize).toBe('an.g1.l40s.x1');
    expect(gpuCard()?.features.slice(0, 2)).toEqual(['1× NVIDIA L40S 48GB', gpuHostingLine]);
    expect(gpuCard()?.features.join(' ')).not.toMatch(/Kubernetes/);
  });
});
