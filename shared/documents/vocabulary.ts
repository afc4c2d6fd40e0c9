/** The kinds of billing document (issue 46): each has its own gapless number sequence per year. */
export const documentKinds = ['invoice', 'receipt', 'credit_note'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The number's prefix of each kind: `INV-2026-000123`. */
export const documentPrefixes: Readonly<Record<DocumentKind, string>> = { invoice: 'INV', receipt: 'RCT', credit_note: 'CN' };

export const documentKindLabels: Readonly<Record<DocumentKind, string>> = { invoice: 'Invoice', receipt: 'Receipt', credit_note: 'Credit note' };

/** `INV-2026-000123`: the kind's prefix, the year of issue and the sequence within it, six digits at least. */
export const documentNumber = (kind: DocumentKind, year: number, seq: number) => `${documentPrefixes[kind]}-${year}-${String(seq).padStart(6, '0')}`;
