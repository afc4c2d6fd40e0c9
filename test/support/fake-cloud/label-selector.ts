/**
 * Hetzner's label selector language (docs.hetzner.cloud, "Label Selector"): comma-separated terms
 * `k=v`, `k==v`, `k!=v`, `k`, `!k`, `k in (a,b)`, `k notin (a,b)`; all terms must hold.
 * Returns null when the selector cannot be parsed.
 */
export function labelSelectorMatcher(selector: string): ((labels: Record<string, string>) => boolean) | null {
  const terms: ((l: Record<string, string>) => boolean)[] = [];
  // split on commas that are not inside parentheses
  const parts = selector
    .split(/,(?![^(]*\))/)
    .map((t) => t.trim())
    .filter(Boolean);
  for (const term of parts) {
    let m: RegExpExecArray | null;
    if ((m = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term))) {
      const [, key = '', op, list = ''] = m;
      const values = list.split(',').map((v) => v.trim());
      terms.push((l) => (op === 'in' ? values.includes(l[key] ?? '\0') : !values.includes(l[key] ?? '\0')));
    } else if ((m = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/.exec(term))) {
      const [, key = '', op, value = ''] = m;
      terms.push((l) => (op === '!=' ? l[key] !== value : l[key] === value));
    } else if ((m = /^!([\w./-]+)$/.exec(term))) {
      const key = m[1] ?? '';
      terms.push((l) => !(key in l));
    } else if ((m = /^([\w./-]+)$/.exec(term))) {
      const key = m[1] ?? '';
      terms.push((l) => key in l);
    } else {
      return null;
    }
  }
  return (labels) => terms.every((t) => t(labels));
}

const labelKey = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\/)?[a-zA-Z0-9](?:[\w.-]{0,61}[a-zA-Z0-9])?$/;
const labelValue = /^(?:[a-zA-Z0-9](?:[\w.-]{0,61}[a-zA-Z0-9])?)?$/;

/** The first invalid label as a message, or undefined when all are valid (docs: "Labels"). */
export function invalidLabel(labels: unknown): string | undefined {
  if (labels === undefined) return undefined;
  if (!labels || typeof labels !== 'object' || Array.isArray(labels)) return 'labels must be an object';
  for (const [k, v] of Object.entries(labels)) {
    if (!labelKey.test(k) || k.startsWith('hetzner.cloud/')) return `invalid label key '${k}'`;
    if (typeof v !== 'string' || !labelValue.test(v)) return `invalid label value for '${k}'`;
  }
  return undefined;
}
