// The project's own import graph, for the folder rule of decision 038: no two folders import
// each other, directly or round a loop. A small reader of import statements rather than a
// dependency: specifiers are `#app/...`, `#server/...` or relative, and type-only imports are
// erased by TypeScript, so they leave no edge.
import fs from "node:fs";
import path from "node:path";

/** A module and the modules it imports at run time (type-only imports leave no edge). */
export type ImportGraph = Map<string, Set<string>>;

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
// `import ... from "x"`, `export ... from "x"` and bare `import "x"`; `import type` is skipped below.
const STATEMENT = /^\s*(import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
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
  if (specifier.startsWith("#app/")) target = path.join(root, "app", specifier.slice("#app/".length));
  else if (specifier.startsWith("#server/")) target = path.join(root, "server", specifier.slice("#server/".length));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(from), specifier);
  else return undefined; // a package or a virtual module
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every run-time import between the project's own modules under `dirs` (relative to `root`). */
export function importGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const targets = new Set<string>();
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(STATEMENT)) {
      const [, , clause, fromSpecifier, bareSpecifier] = match;
      if (clause !== undefined && typeOnly(clause)) continue;
      const target = resolve(file, (fromSpecifier ?? bareSpecifier) as string, root);
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
