import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphRoots, importGraph, importLoops } from '../scripts/import-loops';

const root = path.resolve(import.meta.dirname, '..');
const graph = importGraph(root);

describe('the import graph of server/, shared/, renderer/ and electron/', () => {
  it('has no loops (print them with `npx tsx scripts/import-loops.ts`)', () => {
    expect(importLoops(graph)).toEqual([]);
  });

  it('finds a loop where there is one', () => {
    const tiny = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
    ]);
    expect(importLoops(tiny)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('reads every folder it guards', () => {
    const files = [...graph.keys()];
    for (const dir of graphRoots) expect(files.some((f) => f.startsWith(`${dir}/`))).toBe(true);
  });
});
