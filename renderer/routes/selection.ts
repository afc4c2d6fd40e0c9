import { cloudTypeSlug, defaultBrand } from '../../shared/brand';
import { licenseTypes, type LicenseType } from '../../shared/licenses/vocabulary';
import { isOneOf } from './path';
import type { RouteName } from './table';

import { cloudProviders, onpremPlatforms, privateCategories, type CloudProvider, type OnpremPlatform, type PrivateCategory } from './guide-choices';

export { cloudProviders, onpremPlatforms, privateCategories, type CloudProvider, type OnpremPlatform, type PrivateCategory };

/** The hosted deployment types a path may preselect: `{brand}-cloud`, `trial-vm`, `gpu-instance`. */
export function deploymentTypes(brandId: string = defaultBrand.id): string[] {
  return [cloudTypeSlug({ id: brandId, name: '' }), 'trial-vm', 'gpu-instance'];
}

/** What a page preselects from the address; only valid values appear here. */
export interface Selection {
  deploymentType?: string;
  licenseType?: LicenseType;
  category?: PrivateCategory;
  provider?: CloudProvider;
  platform?: OnpremPlatform;
  /** test run id from ?run= */
  run?: string;
}

/**
 * Public-site 4: a hash beginning cloud- or cloud-providers selects cloud, onprem- or on-premises
 * on-prem, local- or local-machine local, hybrid hybrid. A bare category id (#cloud) selects it
 * too, since that is what people type; anything else selects nothing.
 */
export function categoryFromHash(hash: string): Pick<Selection, 'category'> {
  const h = hash.toLowerCase();
  if (isOneOf(privateCategories, h)) return { category: h };
  if (h.startsWith('cloud-')) return { category: 'cloud' };
  if (h.startsWith('onprem-') || h.startsWith('on-premises')) return { category: 'onprem' };
  if (h.startsWith('local-') || h.startsWith('local-machine')) return { category: 'local' };
  if (h.startsWith('hybrid')) return { category: 'hybrid' };
  return {};
}

/** The preselection of a route from its parameters, query and hash (the decoded hash, without '#'). */
export function selectionOf(name: RouteName, params: Record<string, string>, query: Record<string, string>, hash: string, brandId: string): Selection {
  switch (name) {
    case 'deployments':
      // An unknown type still shows the deployments page, just without a preselected card.
      return deploymentTypes(brandId).includes(params.type ?? '') ? { deploymentType: params.type } : {};
    case 'licenses': {
      const licenseType = [hash, params.type, query.type].find((v) => isOneOf(licenseTypes, v));
      return isOneOf(licenseTypes, licenseType) ? { licenseType } : {};
    }
    case 'private-deployments': {
      const { category, provider, platform } = params;
      if (!isOneOf(privateCategories, category)) return categoryFromHash(hash);
      if (category === 'cloud' && isOneOf(cloudProviders, provider)) return { category, provider };
      if (category === 'onprem' && isOneOf(onpremPlatforms, platform)) return { category, platform };
      return { category };
    }
    case 'docs': {
      // the guide's own address (/docs/cloud/gcp), else the hash (#cloud-providers), else the default: Local
      const { category, provider, platform } = params;
      if (isOneOf(privateCategories, category)) return { category, ...(isOneOf(cloudProviders, provider) ? { provider } : {}), ...(isOneOf(onpremPlatforms, platform) ? { platform } : {}) };
      const fromHash = categoryFromHash(hash);
      return fromHash.category ? fromHash : { category: 'local' };
    }
    case 'test-dashboard':
      return query.run ? { run: query.run } : {};
    default:
      return {};
  }
}
