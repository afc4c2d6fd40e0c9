/** Deployment ids are shown by their first 7 characters (a git SHA's short form). */
export const short = (s: string) => s.slice(0, 7);

/** A version by its first 7 characters (spec), with an ellipsis when there is more, so "2.12.2-rc.3" does not read as a broken "2.12.2-". */
export const shortVersion = (v: string) => (v.length > 7 ? `${v.slice(0, 7)}…` : v);

function metadataValue(v: unknown): string {
  if (v === null || typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return v.every((x) => x === null || typeof x !== 'object') ? v.join(', ') : `[${v.length}]`;
  return '{…}';
}

/** An installation's metadata (and edition) on one line: `edition: server · gpu: A100 · providers: openai, vllm`; empty when there is none. */
export function metadataSummary(metadata: Record<string, unknown>): string {
  return Object.entries(metadata)
    .map(([k, v]) => `${k}: ${metadataValue(v)}`)
    .join(' · ');
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Shown on rows keyed by address (shared/pings/installation-key.ts): unlicensed installations send no id of their own. */
export const sharedAddressNote = 'Unlicensed installations send no id of their own: all of them behind this address (of one edition) are counted in this one row.';

/** How far an installation's version is from the latest stable release. */
export function behindText(n: number | null): string {
  if (n === null) return 'Unknown';
  return n === 0 ? 'Latest' : `${n} behind`;
}

/** Reported users against the license's limit: `9 / 5`, or just `9` without a limit. */
export const usersText = (users: number, limit: number | null) => (limit === null ? String(users) : `${users} / ${limit}`);
