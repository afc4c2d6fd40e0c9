/** EU member states by ISO 3166-1 code (Greece's VAT numbers start `EL`). */
export const euCountries: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** The format of each member state's VAT number after its prefix (the EU's VIES formats; the check digits are not verified). */
const vatFormats: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d{7}[A-Z]{1,2}$|^\d[A-Z+*]\d{5}[A-Z]$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** A VAT number as written on documents: capitals, no spaces, dots or dashes. */
export const compactTaxId = (taxId: string) => taxId.toUpperCase().replace(/[\s.-]/g, '');

/** The EU country a VAT number belongs to (`EL` is Greece), or undefined when it does not look like one. */
export const vatCountry = (taxId: string): string | undefined => {
  const prefix = compactTaxId(taxId).slice(0, 2);
  if (prefix === 'EL') return 'GR';
  return euCountries.includes(prefix) ? prefix : undefined;
};

/**
 * Why a tax id cannot be right for an account in `country`, or undefined. In an EU country it must
 * be that country's VAT number in its format (`DE123456789`); elsewhere any 3–30 letters and digits.
 */
export function taxIdProblem(taxId: string, country: string): string | undefined {
  const id = compactTaxId(taxId);
  if (!euCountries.includes(country)) return /^[A-Z0-9]{3,30}$/.test(id) ? undefined : 'must be 3 to 30 letters and digits';
  const prefix = country === 'GR' ? 'EL' : country;
  if (!id.startsWith(prefix)) return `must be a VAT number of ${country}, starting ${prefix}`;
  const format = vatFormats[prefix];
  return format?.test(id.slice(2)) ? undefined : `is not in the format of a ${prefix} VAT number`;
}

export interface TaxRule {
  /** the operator's rate in percent (0: no tax line) */
  ratePercent: number;
  operatorCountry: string;
}

export interface TaxOutcome {
  /** part of the gross total that is tax (amounts charged are gross) */
  taxCents: number;
  ratePercent: number;
  /** an EU business buyer in another member state: the buyer accounts for the VAT */
  reverseCharge: boolean;
}

/**
 * The tax in an amount already charged. The operator's rate applies, except to a buyer with a tax
 * id in another EU country when the operator is in the EU: reverse charge, no tax line.
 */
export function taxOf(grossCents: number, rule: TaxRule, buyer: { country: string | null; taxId: string | null }): TaxOutcome {
  const reverseCharge = euCountries.includes(rule.operatorCountry) && !!buyer.taxId && !!buyer.country && euCountries.includes(buyer.country) && buyer.country !== rule.operatorCountry;
  if (rule.ratePercent <= 0 || reverseCharge) return { taxCents: 0, ratePercent: 0, reverseCharge };
  return { taxCents: Math.round((grossCents * rule.ratePercent) / (100 + rule.ratePercent)), ratePercent: rule.ratePercent, reverseCharge };
}

/** Letter where it is the paper size (US, Canada, Mexico and a few more), A4 elsewhere. */
const letterCountries = ['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'PA', 'DO', 'PR'];
export const paperOf = (setting: 'auto' | 'A4' | 'Letter', country: string | null | undefined): 'A4' | 'Letter' =>
  setting !== 'auto' ? setting : country && letterCountries.includes(country) ? 'Letter' : 'A4';
