/**
 * Where customers send a bank transfer for an Enterprise Pro license.
 *
 * PLACEHOLDERS: these are not a real bank account. Operators replace every value below with their
 * own account before taking payments by bank transfer; nothing else needs to change.
 */
export interface BankAccount {
  label: string;
  rows: [label: string, value: string][];
}

export const bankTransfer = {
  accountHolder: 'Your Company Ltd',
  domestic: {
    label: 'Domestic transfer (UK)',
    rows: [
      ['Bank', 'Example Bank'],
      ['Account name', 'Your Company Ltd'],
      ['Sort code', '00-00-00'],
      ['Account number', '00000000'],
    ],
  } satisfies BankAccount,
  international: {
    label: 'International transfer (SWIFT)',
    rows: [
      ['Bank', 'Example Bank'],
      ['Account name', 'Your Company Ltd'],
      ['IBAN', 'GB00 EXMP 0000 0000 0000 00'],
      ['BIC / SWIFT', 'EXMPGB00XXX'],
      ['Bank address', '1 Example Street, London, United Kingdom'],
    ],
  } satisfies BankAccount,
  /** spec, section 9 */
  transferTimes: {
    domestic: '1-3 working days',
    international: 'usually 1, up to 5 working days',
  },
  activation: '1-2 business days',
} as const;
