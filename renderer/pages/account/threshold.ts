/** Dollars typed for the low-balance threshold → whole cents; 0 is allowed (never warn), anything else unreadable is null. */
export function thresholdCents(input: string): number | null {
  const text = input.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const cents = Math.round(Number(text) * 100);
  return cents <= 100_000_000 ? cents : null;
}
