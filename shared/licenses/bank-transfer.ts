import { z } from 'zod';

/**
 * The operator's bank account for licence payments by bank transfer, from configuration
 * (BANK_* variables). Without one, bank transfer is not offered: the app never shows placeholder
 * details a customer could send money to.
 */
export const bankAccountKinds = ['domestic', 'international'] as const;
export const bankTransferAccount = z.object({
  kind: z.enum(bankAccountKinds),
  /** label and value pairs, in the order shown */
  rows: z.array(z.tuple([z.string(), z.string()])),
});
export const bankTransferDetails = z.object({ accounts: z.array(bankTransferAccount).min(1) });
export type BankTransferDetails = z.infer<typeof bankTransferDetails>;

export interface BankEnv {
  BANK_NAME?: string;
  BANK_ACCOUNT_NAME?: string;
  BANK_SORT_CODE?: string;
  BANK_ACCOUNT_NUMBER?: string;
  BANK_IBAN?: string;
  BANK_BIC?: string;
  BANK_ADDRESS?: string;
}

/** ISO 13616: country, check digits and the account, mod 97 of the rearranged number is 1. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const digits = `${s.slice(4)}${s.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

export const sortCodePattern = /^\d{2}-?\d{2}-?\d{2}$/;
export const accountNumberPattern = /^\d{8}$/;
export const bicPattern = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const groupedIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
const dashedSortCode = (code: string) => code.replace(/-/g, '').replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');

/** Missing variables of a half-configured account, by name (config refuses to start with them). */
export function bankEnvProblems(e: BankEnv): { name: keyof BankEnv; message: string }[] {
  const problems: { name: keyof BankEnv; message: string }[] = [];
  const domestic = Boolean(e.BANK_SORT_CODE || e.BANK_ACCOUNT_NUMBER);
  const international = Boolean(e.BANK_IBAN || e.BANK_BIC || e.BANK_ADDRESS);
  const any = domestic || international || Boolean(e.BANK_NAME || e.BANK_ACCOUNT_NAME);
  if (!any) return problems;
  for (const name of ['BANK_NAME', 'BANK_ACCOUNT_NAME'] as const) if (!e[name]) problems.push({ name, message: 'is required when any BANK_* variable is set' });
  if (domestic) for (const name of ['BANK_SORT_CODE', 'BANK_ACCOUNT_NUMBER'] as const) if (!e[name]) problems.push({ name, message: 'is required with BANK_SORT_CODE or BANK_ACCOUNT_NUMBER' });
  if (international) for (const name of ['BANK_IBAN', 'BANK_BIC'] as const) if (!e[name]) problems.push({ name, message: 'is required with BANK_IBAN, BANK_BIC or BANK_ADDRESS' });
  if (!domestic && !international) problems.push({ name: 'BANK_IBAN', message: 'set BANK_IBAN and BANK_BIC, or BANK_SORT_CODE and BANK_ACCOUNT_NUMBER, for bank transfers' });
  return problems;
}

/** What the payment view shows, or undefined when no account is configured (bank transfer is then not offered). */
export function bankTransferOf(e: BankEnv): BankTransferDetails | undefined {
  if (!e.BANK_NAME || !e.BANK_ACCOUNT_NAME || bankEnvProblems(e).length) return undefined;
  const accounts: BankTransferDetails['accounts'] = [];
  const holder: [string, string][] = [
    ['Bank', e.BANK_NAME],
    ['Account name', e.BANK_ACCOUNT_NAME],
  ];
  if (e.BANK_SORT_CODE && e.BANK_ACCOUNT_NUMBER) {
    accounts.push({
      kind: 'domestic',
      rows: [...holder, ['Sort code', dashedSortCode(e.BANK_SORT_CODE)], ['Account number', e.BANK_ACCOUNT_NUMBER]],
    });
  }
  if (e.BANK_IBAN && e.BANK_BIC) {
    accounts.push({
      kind: 'international',
      rows: [...holder, ['IBAN', groupedIban(e.BANK_IBAN)], ['BIC / SWIFT', e.BANK_BIC], ...(e.BANK_ADDRESS ? [['Bank address', e.BANK_ADDRESS] as [string, string]] : [])],
    });
  }
  return accounts.length ? { accounts } : undefined;
}
