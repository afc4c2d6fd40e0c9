import { type Brand, defaultBrand } from '../../shared/brand';
import { selectBrand, useConfigStore } from './config-store';

/** The product's brand; the default brand until the public config arrives, so texts never read " Cloud". */
export function useBrand(): Brand {
  return useConfigStore(selectBrand) ?? defaultBrand;
}
