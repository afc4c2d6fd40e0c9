// The import graph of server/, shared/, renderer/ and electron/, resolved with TypeScript's own
// module resolver, and the loops in it (strongly connected components of more than one file, or a
// file importing itself). Static imports and re-exports count, type-only ones included: a loop of
// types is still two modules that cannot be read one without the other. `import()` does not count
// (a lazy page is loaded after its importer has finished). Run: `npx tsx scripts/import-loops.ts`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const graphRoots = ['server', 'shared', 'renderer', 'electron'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** File → the project files it imports (paths relative to `root`). */
export function importGraph(root: string, roots: readonly string[] = graphRoots): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const host = ts.createCompilerHost(options);
  const files = roots.flatMap((dir) => sourceFiles(path.join(root, dir)));
  const inGraph = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importsOf(file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule?.resolvedFileName;
      if (resolved && inGraph.has(path.resolve(resolved))) targets.add(path.relative(root, path.resolve(resolved)));
    }
    graph.set(path.relative(root, file), [...targets].sort());
  }
  return graph;
}

/** Every loop as its files (Tarjan's strongly connected components). */
export function importLoops(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) loops.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const loops = importLoops(importGraph(process.cwd()));
  for (const loop of loops) console.log(loop.join('\n  ↔ '), '\n');
  console.log(loops.length === 0 ? 'no import loops' : `${loops.length} import loop(s)`);
  process.exitCode = loops.length === 0 ? 0 : 1;
}
