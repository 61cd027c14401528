// The size rule of issue 38: no source file over 400 lines and no function over 100, so that a
// change touches a piece a reader can hold in mind. Tests (`*.test.ts(x)`, `tests/`) are left
// out: a `describe` block is a list of cases, not a piece of logic. Functions are read with the
// TypeScript parser the project already has; a function's lines run from its first to its last.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 100;

/** The folders whose source the rule covers. */
export const SIZED_FOLDERS = ["app", "server", "scripts", "bench"];

const SOURCE = /\.(ts|tsx|mts|mjs|js|css)$/;
const TEST = /\.test\.(ts|tsx)$|\.d\.m?ts$/;

export interface SizeBreak {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["+types", "node_modules", "build"].includes(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
  });
}

function lineCount(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

/** Functions longer than `max` lines in one file's text. */
export function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): SizeBreak[] {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : file.endsWith("js") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: SizeBreak[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > max)
        found.push({ file, line: first + 1, name: functionName(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every file over MAX_FILE_LINES and every function over MAX_FUNCTION_LINES under `root`'s folders. */
export function sizeBreaks(root: string, folders = SIZED_FOLDERS) {
  const files: SizeBreak[] = [];
  const functions: SizeBreak[] = [];
  for (const full of folders.flatMap((folder) => sourceFiles(path.join(root, folder)))) {
    const file = path.relative(root, full);
    const text = fs.readFileSync(full, "utf8");
    const lines = lineCount(text);
    if (lines > MAX_FILE_LINES) files.push({ file, line: 1, name: path.basename(file), lines });
    if (!file.endsWith(".css")) functions.push(...longFunctions(file, text));
  }
  const bySize = (a: SizeBreak, b: SizeBreak) => b.lines - a.lines;
  return { files: files.sort(bySize), functions: functions.sort(bySize) };
}

// `npx tsx scripts/code-size.ts` prints what breaks the rule.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, functions } = sizeBreaks(path.resolve(import.meta.dirname, ".."));
  console.log(`Files over ${MAX_FILE_LINES} lines: ${files.length}`);
  for (const item of files) console.log(`  ${item.lines}  ${item.file}`);
  console.log(`Functions over ${MAX_FUNCTION_LINES} lines: ${functions.length}`);
  for (const item of functions) console.log(`  ${item.lines}  ${item.file}:${item.line} ${item.name}`);
}
