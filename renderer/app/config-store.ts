import { create } from 'zustand';
import type { PublicConfig } from '../../shared/api/auth';
import type { Brand } from '../../shared/brand';
import { pageData } from './page-data';

/** The server's public configuration (product brand, sign-in settings), loaded once at start. */
export interface ConfigState {
  config: PublicConfig | undefined;
  /** The brand the page was served with (page-data.ts), before the configuration arrives. */
  brand: Brand | undefined;
}

export const useConfigStore = create<ConfigState>()(() => ({ config: undefined, brand: pageData().brand }));

export const selectBrand = (s: ConfigState) => s.config?.product ?? s.brand;
export const selectProductName = (s: ConfigState) => selectBrand(s)?.name;
export const selectBrandId = (s: ConfigState) => selectBrand(s)?.id;
export const selectAccountUrl = (s: ConfigState) => s.config?.oidc.accountUrl;
/** the operator's bank account for licence payments; undefined: bank transfer is not offered */
export const selectBankTransfer = (s: ConfigState) => s.config?.bankTransfer;
