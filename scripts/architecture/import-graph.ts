/**
 * The value imports between Sieve's source files (type-only imports are erased, so they are left
 * out), and the cycles among them. Public faces (a module's index.ts) make a cycle between two
 * modules easy to write and hard to see; at run time it leaves one side's values undefined.
 */
import ts from 'typescript';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
}

function typeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/** Every source file under `root` (tests left out) → the files it imports values from. */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const targets = source.statements
      .filter((s): s is ts.ImportDeclaration | ts.ExportDeclaration => (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && !!s.moduleSpecifier && !typeOnly(s))
      .map((s) => resolveImport(file, (s.moduleSpecifier as ts.StringLiteral).text))
      .filter((t): t is string => !!t);
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of files that import one another in a ring (strongly connected components larger than one). */
export function importCycles(graph: ImportGraph): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) visit(next);
      if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const ring: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      ring.push(member);
    } while (member !== file);
    if (ring.length > 1) cycles.push(ring);
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}
