import { configuredGpuOffer } from '../../shared/deployments/catalog';
import type { GpuOffer } from '../../shared/deployments/gpu-sizes';
import { pageData } from './page-data';

let offer: GpuOffer | undefined;

/**
 * The GPU offer of the size the server is configured with (CIVO_GPU_SIZE, sent with the page data):
 * the one source of what the pages say about GPU instances: hardware, hosting, price per hour.
 */
export function gpuOfferOfPage(): GpuOffer {
  return (offer ??= configuredGpuOffer(pageData().gpuSize));
}
