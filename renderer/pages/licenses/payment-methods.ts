import { selectBankTransfer, useConfigStore } from '../../app/config-store';

/**
 * The payment methods this installation offers, in words: bank transfer only where BANK_* settings
 * make it usable (the server's /api/config), so no text promises a method Pay Now does not show.
 */
export function paymentMethodsText(bankOffered: boolean): string {
  return bankOffered ? 'card or bank transfer' : 'card';
}

export function useBankOffered(): boolean {
  return useConfigStore(selectBankTransfer) !== undefined;
}
