// The project's own import graph, for the folder rules of decision 038: no two folders import
// each other, directly or round a loop, and the top folders depend one way (FOLDER_RULES: app
// below server, server below scripts, tests and bench on top; production code never imports
// tests/). A small reader of import statements rather than a dependency: specifiers are the
// package's `#app/...`-style imports or relative. Type-only imports are erased by TypeScript, so
// the cycle check leaves them out; the direction check counts them, since a type still ties a
// folder to the one it names.
import fs from "node:fs";
import path from "node:path";

/** A module and the modules it imports (by default at run time: type-only imports leave no edge). */
export type ImportGraph = Map<string, Set<string>>;

/** What the graph takes in besides production modules' run-time imports. */
export interface ImportGraphOptions {
  /** Tests beside the code (`*.test.ts(x)`) too. */
  tests?: boolean;
  /** Type-only imports too (`import type`, `import { type A }`). */
  types?: boolean;
}

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;
// `import ... from "x"`, `export ... from "x"` and bare `import "x"`; `import type` is skipped below.
const STATEMENT = /^\s*(import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
// `import("x")` with a literal specifier: loaded later, but still a run-time import.
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
// The package's subpath imports (package.json "imports"): `#app/x` is app/x, and so on.
const ALIAS = /^#(app|server|scripts|tests|bench)\//;

/** Whether a module is a test beside the code (`*.test.ts(x)`). */
export function isTestFile(file: string): boolean {
  return TEST.test(file);
}

function sourceFiles(dir: string, tests: boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["+types", "node_modules"].includes(entry.name) ? [] : sourceFiles(full, tests);
    return SOURCE.test(entry.name) && (tests || !TEST.test(entry.name)) && !/\.d\.m?ts$/.test(entry.name) ? [full] : [];
  });
}

/** True when every name a statement brings in is a type (`import type { A }`, `import { type A }`). */
function typeOnly(clause: string): boolean {
  if (/^type\s/.test(clause)) return true;
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces?.[1]) return false;
  const names = braces[1]
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith("type "));
}

function resolve(from: string, specifier: string, root: string): string | undefined {
  let target: string;
  const alias = ALIAS.exec(specifier);
  if (alias) target = path.join(root, alias[1] as string, specifier.slice(alias[0].length));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(from), specifier);
  else return undefined; // a package or a virtual module
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * Every import between the project's own modules under `dirs` (relative to `root`): by default
 * the production modules' run-time imports; `options` adds the tests beside the code and the
 * type-only imports.
 */
export function importGraph(root: string, dirs: string[], options: ImportGraphOptions = {}): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir), options.tests ?? false))) {
    const targets = new Set<string>();
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(STATEMENT)) {
      const [, , clause, fromSpecifier, bareSpecifier] = match;
      if (clause !== undefined && !options.types && typeOnly(clause)) continue;
      const target = resolve(file, (fromSpecifier ?? bareSpecifier) as string, root);
      if (target) targets.add(target);
    }
    for (const [, specifier] of text.matchAll(DYNAMIC)) {
      const target = resolve(file, specifier as string, root);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * The folder a module belongs to: `app/<domain>` (app/content/pages is app/content), `app` for
 * app/root.tsx, and `server` for the whole server layer (its images folder included).
 */
export function folderOf(root: string, file: string): string {
  const parts = path.relative(root, path.dirname(file)).split(path.sep);
  return parts[0] === "app" ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
}

/** One import that crosses between two folders, as an example of why one depends on the other. */
export interface FolderEdge {
  from: string;
  to: string;
  example: string;
}

/** Folders that import each other, directly or round a loop: each group with the imports that close it. */
export function folderCycles(root: string, graph: ImportGraph): { folders: string[]; edges: FolderEdge[] }[] {
  const edges = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(root, file);
    for (const target of targets) {
      const to = folderOf(root, target);
      if (from === to) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${path.relative(root, file)} -> ${path.relative(root, target)}`);
      edges.set(from, out);
    }
  }
  // Tarjan's strongly connected components over the folder graph.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (folder: string) => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of edges.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder) as number, index.get(to) as number));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== folder);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return groups.map((folders) => ({
    folders,
    edges: folders.flatMap((from) =>
      [...(edges.get(from) ?? [])]
        .filter(([to]) => folders.includes(to))
        .map(([to, example]) => ({ from, to, example })),
    ),
  }));
}

/**
 * Which top folders each top folder's modules must not import, so dependencies run one way:
 * app (the pages and domains) at the bottom, then server (the process around it), scripts
 * (command-line tools), tests (test suites and their helpers, tests/support) and bench on top.
 * Production code never imports tests/; a test beside the code (`*.test.ts`) may, and otherwise
 * keeps its folder's rule.
 */
export const FOLDER_RULES: Record<string, readonly string[]> = {
  app: ["server", "scripts", "tests", "bench"],
  server: ["scripts", "tests", "bench"],
  scripts: ["tests", "bench"],
  tests: ["bench"],
  bench: [],
};

/** The folder a test beside the code may import although its own folder's rule names it. */
const TESTS_MAY_IMPORT = "tests";

/** One import against FOLDER_RULES. */
export interface FolderRuleBreak {
  from: string;
  to: string;
  example: string;
}

/** Every import in `graph` that goes against `rules`, as `from -> to` with the files that do it. */
export function folderRuleBreaks(
  root: string,
  graph: ImportGraph,
  rules: Record<string, readonly string[]> = FOLDER_RULES,
): FolderRuleBreak[] {
  const topOf = (file: string) => path.relative(root, file).split(path.sep)[0] ?? "";
  const breaks: FolderRuleBreak[] = [];
  for (const [file, targets] of graph) {
    const from = topOf(file);
    for (const target of targets) {
      const to = topOf(target);
      if (from === to || !rules[from]?.includes(to)) continue;
      if (to === TESTS_MAY_IMPORT && isTestFile(file)) continue;
      breaks.push({ from, to, example: `${path.relative(root, file)} -> ${path.relative(root, target)}` });
    }
  }
  return breaks.sort((a, b) => a.example.localeCompare(b.example));
}
