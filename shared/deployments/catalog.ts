import { type Brand, cloudTypeId, cloudTypeSlug, defaultBrand } from '../brand';
import { defaultCivoGpuSize, gpuHardwareLine, gpuHostingLine, gpuOffer, type GpuOffer } from './gpu-sizes';

/** Business constants of the spec (section 9). Money is in integer cents. */
export const rates = {
  trialVmHourlyCents: 10,
  gpuInstanceHourlyCents: 500,
  freeCreditCents: 400,
  hostedCloudMonthlyPerUserCents: 7500,
} as const;

/** The trial VM's claim of free credit: a person's, once (a team gets none, so its screens drop it). */
export const freeCreditClaim = `$${rates.freeCreditCents / 100} free credit`;

export const trialVmTypeId = 'trial_vm_hetzner';
export const gpuInstanceTypeId = 'gpu_instance_civo';

export interface DeploymentType {
  /** the code's typeId; `deployment_config_id` in answers and `configId` in the create body (interop.md) */
  id: string;
  /** the /deployments/type/{slug} path segment */
  slug: string;
  name: string;
  description: string;
  /** null for the hosted cloud, which is billed per user per month and only opens the hosted app */
  hourlyRateCents: number | null;
  monthlyPerUserCents: number | null;
  features: string[];
  /** true for the types this console creates (trial VM, GPU instance) */
  creatable: boolean;
  gpu: boolean;
  poweredBy?: string;
}

/**
 * The three deployment types of the Hosted Deployments page, for a brand. The GPU card says what
 * `gpuSize` (CIVO_GPU_SIZE) provisions: its hardware, on one VM with Docker Compose (not the spec's
 * "2x 80GB A100, Kubernetes", which nothing here builds).
 */
export function deploymentCatalog(brand: Brand, gpuSize: string = defaultCivoGpuSize): DeploymentType[] {
  return [
    {
      id: cloudTypeId(brand),
      slug: cloudTypeSlug(brand),
      name: `${brand.name} Cloud`,
      description: 'Fully managed',
      hourlyRateCents: null,
      monthlyPerUserCents: rates.hostedCloudMonthlyPerUserCents,
      features: ['Fully managed', 'Team collaboration with role-based access control', 'No infrastructure to run'],
      creatable: false,
      gpu: false,
    },
    {
      id: trialVmTypeId,
      slug: 'trial-vm',
      name: 'Trial VM',
      description: freeCreditClaim,
      hourlyRateCents: rates.trialVmHourlyCents,
      monthlyPerUserCents: null,
      features: [freeCreditClaim, 'Docker control plane', 'External LLM provider', 'Starts in seconds'],
      creatable: true,
      gpu: false,
    },
    {
      id: gpuInstanceTypeId,
      slug: 'gpu-instance',
      name: 'GPU Instance',
      description: 'From $5 per hour',
      hourlyRateCents: rates.gpuInstanceHourlyCents,
      monthlyPerUserCents: null,
      features: [gpuHardwareLine(gpuSize), gpuHostingLine, 'Private LLM/VLM/embeddings', 'Provisions in 30 minutes'],
      creatable: true,
      gpu: true,
      poweredBy: 'Civo',
    },
  ];
}

/** The GPU offer of the configured size at the GPU instance's rate (pricing and deployment pages, the app card). */
export function configuredGpuOffer(gpuSize: string = defaultCivoGpuSize): GpuOffer {
  return gpuOffer(gpuSize, rates.gpuInstanceHourlyCents);
}

/** Whether a deployment of this type runs on a GPU: the catalog's `gpu` flag, never a guess from the id. */
export function isGpuTypeId(id: string): boolean {
  return gpuTypeIds.has(id);
}

export function typeById(brand: Brand, id: string): DeploymentType | undefined {
  return deploymentCatalog(brand).find((t) => t.id === id);
}

// The hosted cloud's id follows the brand but it is never a GPU type, so any brand gives the GPU ids.
const gpuTypeIds = new Set(
  deploymentCatalog(defaultBrand)
    .filter((t) => t.gpu)
    .map((t) => t.id),
);

/** "$0.10/hr" */
export function formatHourlyRate(cents: number): string {
  return `$${(cents / 100).toFixed(2)}/hr`;
}
