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

/**
 * How a GPU instance is run, whatever its size: one Civo VM on which cloud-init runs the platform's
 * Docker Compose installer with a GPU runner (server/deployments/providers/ssh/cloud-init.ts).
 * There is no Kubernetes in it; a page that says so promises what is not built.
 */
export const gpuHostingLine = 'One VM, Docker Compose';

/** What every page and card says about the GPU offer, from the configured size: one source of these facts. */
export interface GpuOffer {
  size: string;
  /** "1× NVIDIA L40S 48GB" */
  hardware: string;
  /** "One VM, Docker Compose" */
  hosting: string;
  hourlyCents: number;
  /** "$5 per hour for 1× NVIDIA L40S 48GB on one VM (Docker Compose)" */
  priceLine: string;
}

export function gpuOffer(size: string, hourlyCents: number): GpuOffer {
  const hardware = gpuHardwareLine(size);
  const dollars = `$${(hourlyCents / 100).toFixed(hourlyCents % 100 === 0 ? 0 : 2)}`;
  return { size, hardware, hosting: gpuHostingLine, hourlyCents, priceLine: `${dollars} per hour for ${hardware} on one VM (Docker Compose)` };
}

/** A size name as CIVO_GPU_SIZE takes it (also what the renderer accepts from the page data). */
export const gpuSizePattern = /^[a-z0-9][a-z0-9.-]{0,62}$/;
