import type { LegalTable } from './types';

/**
 * Which law governs the agreement and how disputes are resolved, by where the Customer is
 * domiciled. The forums are the product's legal constants (public-site 9): arbitration in Santa
 * Clara; Utrecht courts after mediation; London under the LCIA with one arbitrator. The
 * contracting entity is named through the product so a renamed product reads right.
 */
export function governingLawTable(productName: string): LegalTable {
  return {
    caption: 'Governing law and disputes by customer domicile',
    head: ['Customer domicile', 'Contracting entity', 'Governing law', 'Disputes'],
    rows: [
      ['United States', `${productName}, United States entity`, 'Laws of the State of California', 'Binding arbitration in Santa Clara, California'],
      [
        'European Union',
        `${productName}, Netherlands entity`,
        'Laws of the Netherlands',
        'Mediation first; disputes that mediation does not resolve go to the competent courts of Utrecht, the Netherlands (Utrecht courts after mediation)',
      ],
      ['United Kingdom and any other country', `${productName}, United Kingdom entity`, 'Laws of England and Wales', 'Arbitration in London under the LCIA Rules, with one arbitrator'],
    ],
  };
}
