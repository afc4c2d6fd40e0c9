import { supportLevels } from '../../../shared/licenses/vocabulary';
import { minEnterpriseUsers, type SupportLevel } from '../../../shared/licenses/pricing';
import { maxGpus, maxUsers } from './form-rules';

/** The pricing page's get-quote link (public-site 2.6): /licenses#enterprise?orgName&numUsers&numGpus&hostedGpus&supportLevel. */
export interface QuotePrefill {
  orgName: string;
  users: number;
  gpus: number;
  /** GPUs the quote priced as hosted by us; they are not part of a self-hosted license */
  hostedGpus: number;
  support: SupportLevel;
}

export const quoteParams = ['orgName', 'numUsers', 'numGpus', 'hostedGpus', 'supportLevel'] as const;

function count(raw: string | undefined, min: number, max: number): number {
  const n = Number(raw);
  if (raw === undefined || raw.trim() === '' || !Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, Math.floor(n)));
}

function isSupportLevel(v: string | undefined): v is SupportLevel {
  return v !== undefined && (supportLevels as readonly string[]).includes(v);
}

/**
 * Reads the quote parameters; undefined when the address carries none of them. Counts are held to
 * the form's bounds (users 10 or more, GPUs 0 or more). Public-site section 3: premium is the
 * fallback when the quote link carries no (valid) support level.
 */
export function quotePrefill(query: Record<string, string>): QuotePrefill | undefined {
  if (!quoteParams.some((p) => p in query)) return undefined;
  return {
    orgName: (query.orgName ?? '').trim().slice(0, 200),
    users: count(query.numUsers, minEnterpriseUsers, maxUsers),
    gpus: count(query.numGpus, 0, maxGpus),
    hostedGpus: count(query.hostedGpus, 0, maxGpus),
    support: isSupportLevel(query.supportLevel) ? query.supportLevel : 'premium',
  };
}
