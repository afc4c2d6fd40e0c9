import type { bankAccountKinds } from '../../../shared/licenses/bank-transfer';

/**
 * What the bank-transfer view says around the operator's account details. The account itself comes
 * from the server's configuration (BANK_* settings, `bankTransfer` in /api/config); without it bank
 * transfer is not offered.
 */
export const bankTransfer = {
  labels: { domestic: 'Domestic transfer (UK)', international: 'International transfer (SWIFT)' } satisfies Record<(typeof bankAccountKinds)[number], string>,
  /** spec, section 9 */
  transferTimes: {
    domestic: '1-3 working days',
    international: 'usually 1, up to 5 working days',
  } satisfies Record<(typeof bankAccountKinds)[number], string>,
  activation: '1-2 business days',
} as const;
