import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');

/** Where a refusal is decided or spelled in HTTP: only the one policy may (server/auth/policy.ts, shared/auth/policy.ts). */
const decidesByItself = [
  { what: 'throws a Forbidden of its own', pattern: /new Forbidden\(/ },
  { what: 'throws a 403 of its own', pattern: /\bforbidden\(|HttpError\(\s*403\b|status\s*={1,3}\s*403\b/ },
  { what: "reads a key's scopes or a member's role to refuse", pattern: /\b(roleRefusal|scopeRefusal|managesMembers)\(/ },
];

/** The policy itself, and the stand-in payment gateway's page (its own browser cookie and form token decide, as Stripe's page would: no caller is authorised there). */
const allowed = new Set(['auth/policy.ts', 'billing/local-checkout-routes.ts']);

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : productionFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Each line of `source` that decides a refusal by itself, as "file:line: what". */
function findOwnRefusals(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => decidesByItself.filter((d) => d.pattern.test(line)).map((d) => `${file}:${i + 1}: ${d.what}`));
}

describe('one function decides every refusal (issue 42)', () => {
  it('no route, socket or service of server/ refuses in its own words: they ask server/auth/policy.ts', () => {
    const found = productionFiles(serverDir).flatMap((full) => {
      const file = path.relative(serverDir, full).split(path.sep).join('/');
      return allowed.has(file) ? [] : findOwnRefusals(file, fs.readFileSync(full, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('finds a refusal decided by itself where there is one', () => {
    expect(findOwnRefusals('x.ts', "if (!ok) throw new Forbidden('no');\nctx.status = 403;\nif (managesMembers(role)) go();\nconst fine = 1;")).toEqual([
      'x.ts:1: throws a Forbidden of its own',
      'x.ts:2: throws a 403 of its own',
      "x.ts:3: reads a key's scopes or a member's role to refuse",
    ]);
  });

  it('the route registrar and the terminal socket ask the policy', () => {
    expect(fs.readFileSync(path.join(serverDir, 'http/register.ts'), 'utf8')).toMatch(/requireAllowed\(\{ do: 'call'/);
    expect(fs.readFileSync(path.join(serverDir, 'terminal/authorise.ts'), 'utf8')).toMatch(/refusal\(user, \{ do: 'open-terminal' \}\)/);
  });
});
