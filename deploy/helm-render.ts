import * as yaml from 'js-yaml';

/**
 * Renders the subset of Helm's template language the chart uses ({{ .Values.x }}, pipes quote /
 * toYaml / nindent, if and range over a map) so tests can parse and check the manifests without
 * the helm binary. A construct outside the subset throws instead of rendering something wrong.
 */
type Scope = Record<string, unknown>;

function lookup(path: string, scope: Scope): unknown {
  if (path.startsWith('$')) return scope[path];
  return path
    .replace(/^\./, '')
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), scope);
}

function evaluate(expr: string, scope: Scope): string {
  const [head = '', ...pipes] = expr.split('|').map((s) => s.trim());
  let value: unknown;
  const toYamlCall = /^toYaml (\S+)$/.exec(head);
  if (toYamlCall?.[1]) value = yaml.dump(lookup(toYamlCall[1], scope)).trimEnd();
  else if (/^[.$][\w.]*$/.test(head)) value = lookup(head, scope);
  else throw new Error(`unsupported template expression: ${expr}`);
  for (const pipe of pipes) {
    const [fn, arg] = pipe.split(/\s+/);
    if (fn === 'quote') value = JSON.stringify(String(value ?? ''));
    else if (fn === 'nindent') value = `\n${String(value).split('\n').map((l) => ' '.repeat(Number(arg)) + l).join('\n')}`;
    else throw new Error(`unsupported pipe: ${pipe}`);
  }
  return String(value ?? '');
}

export function renderHelmTemplate(template: string, root: Scope): string {
  // `{{-` trims the whitespace before it, as Helm does.
  const tokens = template.replace(/\s*\{\{-/g, '{{').split(/(\{\{.*?\}\})/s);
  let pos = 0;
  const block = (scope: Scope, stopAt: string[]): { out: string; stop: string } => {
    let out = '';
    while (pos < tokens.length) {
      const token = tokens[pos++] ?? '';
      const tag = /^\{\{\s*(.*?)\s*-?\}\}$/s.exec(token)?.[1];
      if (tag === undefined) {
        out += token;
        continue;
      }
      if (stopAt.includes(tag)) return { out, stop: tag };
      const ifTag = /^if (.+)$/.exec(tag);
      const rangeTag = /^range (\$\w+), (\$\w+) := (.+)$/.exec(tag);
      if (ifTag?.[1]) {
        const inner = block(scope, ['end']);
        if (lookup(ifTag[1], scope)) out += inner.out;
      } else if (rangeTag?.[1] && rangeTag[2] && rangeTag[3]) {
        const start = pos;
        const map = (lookup(rangeTag[3], scope) ?? {}) as Record<string, unknown>;
        let end = pos;
        for (const key of Object.keys(map).sort()) {
          pos = start;
          out += block({ ...scope, [rangeTag[1]]: key, [rangeTag[2]]: map[key] }, ['end']).out;
          end = pos;
        }
        if (Object.keys(map).length === 0) block(scope, ['end']);
        else pos = end;
      } else out += evaluate(tag, scope);
    }
    return { out, stop: '' };
  };
  return block(root, []).out;
}
