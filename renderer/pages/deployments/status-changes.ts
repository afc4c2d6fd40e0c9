/**
 * What changed between two polls of the list, to be said: "kb-vm: installing. gpu-1: running".
 * Nothing on the first poll (the page shows what is), nor for rows that came or went (create and
 * delete say so themselves).
 */
export function statusChanges(before: ReadonlyMap<string, string> | undefined, now: readonly { id: string; name: string; status: string }[]): string {
  if (!before) return '';
  return now
    .filter((d) => before.has(d.id) && before.get(d.id) !== d.status)
    .map((d) => `${d.name}: ${d.status}`)
    .join('. ');
}
