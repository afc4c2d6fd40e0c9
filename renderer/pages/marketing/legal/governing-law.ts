import type { LegalTable } from './types';

/**
 * Which law governs the agreement and which courts hear disputes, by where the Customer is
 * domiciled. The contracting entity is named through the product so a renamed product reads right.
 */
export function governingLawTable(productName: string): LegalTable {
  return {
    caption: 'Governing law by customer domicile',
    head: ['Customer domicile', 'Contracting entity', 'Governing law', 'Courts with exclusive jurisdiction'],
    rows: [
      ['United States', `${productName}, United States entity`, 'Laws of the State of Delaware', 'State and federal courts located in Delaware'],
      ['United Kingdom or Europe', `${productName}, United Kingdom entity`, 'Laws of England and Wales', 'Courts of England and Wales'],
      [
        'Any other country',
        `${productName} entity named in the Order`,
        'At the Customer’s choice, the laws of the State of Delaware or of England and Wales, as stated in the Order',
        'The courts that match the chosen law',
      ],
    ],
  };
}
