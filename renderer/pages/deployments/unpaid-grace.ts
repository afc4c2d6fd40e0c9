/** What the unpaid warning says is left of the grace: "12m 05s", or that termination is due now. */
export function graceLeftText(deadlineIso: string, now: Date): string {
  const left = Math.floor((new Date(deadlineIso).getTime() - now.getTime()) / 1000);
  if (left <= 0) return 'any moment now';
  const m = Math.floor(left / 60);
  const s = String(left % 60).padStart(2, '0');
  return m > 0 ? `in ${m}m ${s}s` : `in ${left % 60}s`;
}
