import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import * as yaml from 'js-yaml';

/**
 * Renders the part of Helm's template language the chart uses so tests can parse and check the
 * manifests without the helm binary: actions `if / else if / else`, `with`, `range` (over lists
 * and maps, with or without variables), `define` and `include`, variables, pipelines, parentheses,
 * and the Sprig functions listed in `functions`. `lookup` finds nothing (as `helm template` does).
 * A construct outside the subset throws instead of rendering something wrong.
 */
type Scope = { dot: unknown; vars: Record<string, unknown> };
type Node =
  | { t: 'text'; text: string }
  | { t: 'out'; expr: string }
  | { t: 'if'; branches: { cond: string | undefined; body: Node[] }[] }
  | { t: 'with'; expr: string; body: Node[]; else: Node[] }
  | { t: 'range'; keyVar?: string; valVar?: string; expr: string; body: Node[] }
  | { t: 'set'; name: string; expr: string; declare: boolean };

export class TemplateFail extends Error {}

const empty = (v: unknown) => v === undefined || v === null || v === false || v === '' || v === 0 || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
const str = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v as string));
const indent = (n: number, s: string) =>
  str(s)
    .split('\n')
    .map((l) => ' '.repeat(n) + l)
    .join('\n');
const toYaml = (v: unknown) => (v === undefined || v === null ? 'null' : yaml.dump(v, { lineWidth: -1 }).trimEnd());

/** Tokens of one action: strings, numbers, names, `.a.b`, `$x.a`, parentheses and pipes. */
function lex(src: string): string[] {
  const out: string[] = [];
  const re = /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|\||:=|=|[^\s()|]+)/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(src)) && m[1]) {
    out.push(m[1]);
    end = re.lastIndex;
  }
  if (src.slice(end).trim()) throw new Error(`cannot read template expression: ${src}`);
  return out;
}

export interface Engine {
  render(template: string, dot: unknown): string;
  /** Reads a template's `define`s (a `_helpers.tpl`). */
  define(template: string): void;
  /** Makes a template file includable by its path, as `include (print $.Template.BasePath "/x.yaml") .` does. */
  defineFile(name: string, template: string): void;
}

export function createEngine(opts: { root: unknown; lookup?: (apiVersion: string, kind: string, namespace: string, name: string) => unknown }): Engine {
  const defines = new Map<string, Node[]>();
  const root = opts.root;

  const fieldPath = (base: unknown, path: string) =>
    path
      .split('.')
      .filter(Boolean)
      .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), base);

  const functions: Record<string, (...a: unknown[]) => unknown> = {
    quote: (...a) => a.map((v) => JSON.stringify(str(v))).join(' '),
    squote: (v) => `'${str(v)}'`,
    default: (d, v) => (empty(v) ? d : v),
    required: (msg, v) => {
      if (empty(v)) throw new TemplateFail(str(msg));
      return v;
    },
    fail: (msg) => {
      throw new TemplateFail(str(msg));
    },
    toYaml,
    toJson: (v) => JSON.stringify(v),
    nindent: (n, s) => `\n${indent(Number(n), str(s))}`,
    indent: (n, s) => indent(Number(n), str(s)),
    include: (name, dot) => {
      const body = defines.get(str(name));
      if (!body) throw new Error(`no template named ${str(name)}`);
      return run(body, { dot, vars: { $: dot } });
    },
    printf: (fmt, ...args) => {
      let i = 0;
      return str(fmt).replace(/%[sdv]/g, () => str(args[i++]));
    },
    print: (...a) => a.map(str).join(''),
    trunc: (n, s) => str(s).slice(0, Number(n)),
    trimSuffix: (suf, s) => (str(s).endsWith(str(suf)) ? str(s).slice(0, -str(suf).length) : str(s)),
    replace: (a, b, s) => str(s).split(str(a)).join(str(b)),
    contains: (sub, s) => str(s).includes(str(sub)),
    lower: (s) => str(s).toLowerCase(),
    trim: (s) => str(s).trim(),
    toString: (s: unknown) => str(s),
    int: (s) => Number.parseInt(str(s), 10),
    eq: (a, ...b) => b.some((x) => x === a || str(x) === str(a)),
    ne: (a, b) => str(a) !== str(b),
    and: (...a) => a.find((v) => empty(v)) ?? a[a.length - 1],
    or: (...a) => a.find((v) => !empty(v)) ?? a[a.length - 1],
    not: (v) => empty(v),
    empty: (v) => empty(v),
    hasKey: (m, k) => typeof m === 'object' && m !== null && str(k) in m,
    dict: (...a) => Object.fromEntries(Array.from({ length: a.length / 2 }, (_, i) => [str(a[2 * i]), a[2 * i + 1]])),
    list: (...a) => a,
    index: (m, ...keys) => keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[str(k)] : undefined), m),
    merge: (...maps) => Object.assign({}, ...maps.slice().reverse()),
    sha256sum: (s) => createHash('sha256').update(str(s)).digest('hex'),
    b64enc: (s) => Buffer.from(str(s)).toString('base64'),
    b64dec: (s) => Buffer.from(str(s), 'base64').toString('utf8'),
    randAlphaNum: (n) =>
      Array.from(randomBytes(Number(n)))
        .map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62])
        .join(''),
    genPrivateKey: (kind) => {
      if (str(kind) !== 'ecdsa') throw new Error(`genPrivateKey ${str(kind)} is outside the subset`);
      return generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString();
    },
    lookup: (apiVersion, kind, namespace, name) => opts.lookup?.(str(apiVersion), str(kind), str(namespace), str(name)) ?? {},
    tpl: (s, dot) => engine.render(str(s), dot),
  };

  /** One pipeline: commands separated by `|`, each command's result the last argument of the next. */
  function evalTokens(tokens: string[], scope: Scope): unknown {
    const commands: string[][] = [[]];
    let depth = 0;
    for (const tok of tokens) {
      if (tok === '(') depth++;
      if (tok === ')') depth--;
      if (tok === '|' && depth === 0) commands.push([]);
      else commands[commands.length - 1]?.push(tok);
    }
    let piped: unknown;
    commands.forEach((cmd, i) => {
      const args = operands(cmd, scope);
      const head = cmd[0] ?? '';
      const fn = functions[head];
      if (fn) piped = fn(...args.slice(1), ...(i > 0 ? [piped] : []));
      else if (i === 0 && args.length === 1) piped = args[0];
      else throw new Error(`unsupported template command: ${cmd.join(' ')}`);
    });
    return piped;
  }

  /** The values of one command's words; parentheses are evaluated as pipelines. A function name stays a name. */
  function operands(cmd: string[], scope: Scope): unknown[] {
    const out: unknown[] = [];
    for (let i = 0; i < cmd.length; i++) {
      const tok = cmd[i] ?? '';
      if (tok === '(') {
        let depth = 1;
        let j = i + 1;
        for (; j < cmd.length && depth > 0; j++) depth += cmd[j] === '(' ? 1 : cmd[j] === ')' ? -1 : 0;
        out.push(evalTokens(cmd.slice(i + 1, j - 1), scope));
        i = j - 1;
      } else out.push(value(tok, scope, i === 0));
    }
    return out;
  }

  function value(tok: string, scope: Scope, head: boolean): unknown {
    if (tok.startsWith('"')) return JSON.parse(tok) as string;
    if (tok.startsWith('`')) return tok.slice(1, -1);
    if (/^-?\d+(\.\d+)?$/.test(tok)) return Number(tok);
    if (tok === 'true' || tok === 'false') return tok === 'true';
    if (tok === 'nil') return undefined;
    if (tok === '.') return scope.dot;
    if (tok.startsWith('.')) return fieldPath(scope.dot, tok);
    if (tok.startsWith('$')) {
      const [name = '', ...rest] = tok.split('.');
      if (!(name in scope.vars)) throw new Error(`undefined variable ${name}`);
      return fieldPath(scope.vars[name], rest.join('.'));
    }
    if (head && tok in functions) return tok;
    throw new Error(`unsupported template word: ${tok}`);
  }

  const evaluate = (expr: string, scope: Scope) => evalTokens(lex(expr), scope);

  /** Parses the text into a tree; `{{-` and `-}}` trim the whitespace beside them, as Helm does. */
  function parse(template: string): Node[] {
    const parts = template.split(/(\{\{-?\s*[\s\S]*?\s*-?\}\})/);
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] ?? '';
      if (!p.startsWith('{{')) continue;
      if (p.startsWith('{{-')) parts[i - 1] = (parts[i - 1] ?? '').replace(/\s+$/, '');
      if (p.endsWith('-}}')) parts[i + 1] = (parts[i + 1] ?? '').replace(/^\s+/, '');
    }
    let pos = 0;
    const block = (stops: RegExp): { nodes: Node[]; stop: string } => {
      const nodes: Node[] = [];
      while (pos < parts.length) {
        const p = parts[pos++] ?? '';
        if (!p.startsWith('{{')) {
          if (p) nodes.push({ t: 'text', text: p });
          continue;
        }
        const action = p.replace(/^\{\{-?\s*/, '').replace(/\s*-?\}\}$/, '');
        if (action.startsWith('/*')) continue;
        if (stops.test(action)) return { nodes, stop: action };
        let m: RegExpExecArray | null;
        if ((m = /^if\s+([\s\S]+)$/.exec(action))) {
          const branches: { cond: string | undefined; body: Node[] }[] = [];
          let cond: string | undefined = m[1];
          for (;;) {
            const b = block(/^(else(\s+if\s+[\s\S]+)?|end)$/);
            branches.push({ cond, body: b.nodes });
            if (b.stop === 'end') break;
            cond = /^else\s+if\s+([\s\S]+)$/.exec(b.stop)?.[1];
            if (cond === undefined) {
              branches.push({ cond: undefined, body: block(/^end$/).nodes });
              break;
            }
          }
          nodes.push({ t: 'if', branches });
        } else if ((m = /^with\s+([\s\S]+)$/.exec(action))) {
          const b = block(/^(else|end)$/);
          nodes.push({ t: 'with', expr: m[1] ?? '', body: b.nodes, else: b.stop === 'else' ? block(/^end$/).nodes : [] });
        } else if ((m = /^range\s+(?:(\$\w+)(?:\s*,\s*(\$\w+))?\s*:=\s*)?([\s\S]+)$/.exec(action))) {
          const body = block(/^end$/).nodes;
          const [keyVar, valVar] = m[2] ? [m[1], m[2]] : [undefined, m[1]];
          nodes.push({ t: 'range', keyVar, valVar, expr: m[3] ?? '', body });
        } else if ((m = /^define\s+"([^"]+)"$/.exec(action))) {
          defines.set(m[1] ?? '', block(/^end$/).nodes);
        } else if ((m = /^(\$\w+)\s*(:?=)\s*([\s\S]+)$/.exec(action))) {
          nodes.push({ t: 'set', name: m[1] ?? '', expr: m[3] ?? '', declare: m[2] === ':=' });
        } else if (/^(end|else)\b/.test(action)) throw new Error(`unexpected {{ ${action} }}`);
        else nodes.push({ t: 'out', expr: action });
      }
      return { nodes, stop: '' };
    };
    return block(/^$^/).nodes;
  }

  function run(nodes: Node[], scope: Scope): string {
    let out = '';
    const vars = { ...scope.vars };
    const inner = (dot: unknown, extra: Record<string, unknown> = {}): Scope => ({ dot, vars: { ...vars, ...extra } });
    for (const n of nodes) {
      const here: Scope = { dot: scope.dot, vars };
      if (n.t === 'text') out += n.text;
      else if (n.t === 'out') out += str(evaluate(n.expr, here));
      else if (n.t === 'set') vars[n.name] = evaluate(n.expr, here);
      else if (n.t === 'if') {
        const branch = n.branches.find((b) => b.cond === undefined || !empty(evaluate(b.cond, here)));
        if (branch) out += run(branch.body, here);
      } else if (n.t === 'with') {
        const v = evaluate(n.expr, here);
        out += empty(v) ? run(n.else, here) : run(n.body, inner(v));
      } else {
        const v = evaluate(n.expr, here);
        const entries: [unknown, unknown][] = Array.isArray(v)
          ? v.map((x, i) => [i, x])
          : v && typeof v === 'object'
            ? Object.keys(v)
                .sort()
                .map((k) => [k, (v as Record<string, unknown>)[k]])
            : [];
        for (const [k, x] of entries) out += run(n.body, inner(x, { ...(n.keyVar ? { [n.keyVar]: k } : {}), ...(n.valVar ? { [n.valVar]: x } : {}) }));
      }
    }
    return out;
  }

  const engine: Engine = {
    render: (template, dot) => run(parse(template), { dot, vars: { $: root } }),
    define: (template) => void parse(template),
    defineFile: (name, template) => void defines.set(name, parse(template)),
  };
  return engine;
}

/** One template rendered against `root` (`.Values`, `.Release`, `.Chart`, ...), with no shared definitions. */
export function renderHelmTemplate(template: string, root: Record<string, unknown>): string {
  return createEngine({ root }).render(template, root);
}
