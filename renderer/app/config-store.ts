import { create } from 'zustand';
import type { PublicConfig } from '../../shared/api/auth';

/** The server's public configuration (product brand, sign-in settings), loaded once at start. */
export interface ConfigState {
  config: PublicConfig | undefined;
}

export const useConfigStore = create<ConfigState>()(() => ({ config: undefined }));

export const selectProductName = (s: ConfigState) => s.config?.product.name;
export const selectBrandId = (s: ConfigState) => s.config?.product.id;
export const selectAccountUrl = (s: ConfigState) => s.config?.oidc.accountUrl;
/** the operator's bank account for licence payments; undefined: bank transfer is not offered */
export const selectBankTransfer = (s: ConfigState) => s.config?.bankTransfer;
