import type { BankTransferDetails } from '../../shared/licenses/bank-transfer';
import type { DocumentKind } from '../../shared/documents/vocabulary';

/** One side of a document, as it was when the document was issued. */
export interface Party {
  legalName: string;
  address: string;
  country: string | null;
  taxId: string | null;
  email: string | null;
}

export interface DocumentLine {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** Everything a document prints, frozen at issue (stored beside the PDF). */
export interface DocumentContent {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  dueAt: string | null;
  currency: string;
  paper: 'A4' | 'Letter';
  seller: Party;
  buyer: Party;
  lines: DocumentLine[];
  /** the total less tax */
  netCents: number;
  tax: { ratePercent: number; cents: number } | null;
  totalCents: number;
  reverseCharge: boolean;
  payment: { status: 'paid' | 'payable' | 'refunded'; method: 'card' | 'bank transfer'; wireReference?: string; bank?: BankTransferDetails };
  /** a credit note: the number of the document it corrects */
  corrects?: string;
  footer?: string;
}
