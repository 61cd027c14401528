import path from "node:path";
import { describe, expect, it } from "vitest";
import { longFunctions, MAX_FILE_LINES, MAX_FUNCTION_LINES, sizeBreaks } from "./code-size.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("the size rule (issue 38)", () => {
  const breaks = sizeBreaks(root);

  it(`has no source file over ${MAX_FILE_LINES} lines`, () => {
    expect(breaks.files.map((item) => `${item.file} (${item.lines} lines)`)).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(breaks.functions.map((item) => `${item.file}:${item.line} ${item.name} (${item.lines} lines)`)).toEqual([]);
  });

  it("finds a long function of each kind, so the rule can fail", () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES }, (_, line) => `  const v${line} = ${line};`).join("\n");
    const text = [
      `export function declared() {\n${body}\n}`,
      `export const arrow = () => {\n${body}\n};`,
      `export class Thing {\n  method() {\n${body}\n  }\n}`,
      `(function () {\n${body}\n})();`,
    ].join("\n");
    const names = longFunctions("example.tsx", text).map((item) => item.name);
    expect(names).toEqual(["declared", "arrow", "method", "(anonymous)"]);
    expect(longFunctions("example.tsx", `export function short() {\n  return 1;\n}`)).toEqual([]);
  });
});
