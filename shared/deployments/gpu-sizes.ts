/**
 * What a Civo GPU instance size holds, for the GPU Instance card: the card promises what the
 * configured size (CIVO_GPU_SIZE) provisions. Civo's own `nice_name` is not used: it says
 * "Nvidia L40S 40GB" for a card NVIDIA sells with 48 GB.
 */
interface GpuHardware {
  count: number;
  model: string;
  memoryGb: number;
}

/** Civo instance sizes (GET /v2/sizes, type "Instance"); `.kube.` names are Kubernetes nodes and not used here. */
const civoGpuInstanceSizes: Record<string, GpuHardware> = {
  'g4g.40.small': { count: 1, model: 'A100', memoryGb: 40 },
  'g4g.small': { count: 1, model: 'A100', memoryGb: 80 },
  'g4g.medium': { count: 2, model: 'A100', memoryGb: 80 },
  'an.g1.h100.x1': { count: 1, model: 'H100', memoryGb: 80 },
  'an.g1.l40s.x1': { count: 1, model: 'L40S', memoryGb: 48 },
};

/**
 * The default size: one L40S, the GPU instance size this project has checked against Civo's size
 * list. The spec's card says "2x 80GB A100"; the card now says what this size provisions, and an
 * operator with an A100 size set in CIVO_GPU_SIZE gets that line instead.
 */
export const defaultCivoGpuSize = 'an.g1.l40s.x1';

/** "2× NVIDIA A100 80GB"; an unknown size by its name ("Civo size g9.huge"), never a claim it cannot back. */
export function gpuHardwareLine(size: string): string {
  const hw = civoGpuInstanceSizes[size];
  return hw ? `${hw.count}× NVIDIA ${hw.model} ${hw.memoryGb}GB` : `Civo size ${size}`;
}
