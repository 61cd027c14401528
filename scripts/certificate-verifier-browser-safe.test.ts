// The verifier runs in a visitor's browser too (the verify page's drop zone, decision 075): what
// it imports, all the way down, must be free of Node built-ins and server-only modules.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph } from "./import-graph.ts";

const root = path.resolve(import.meta.dirname, "..");
const BROWSER_ENTRIES = ["app/certificates/verify-certificate.ts", "app/certificates/certificate-lines.ts"];

describe("the certificate verifier in a browser", () => {
  it("imports no node: module and no *.server.ts, however deep", () => {
    const graph = importGraph(root, ["app"], { types: true });
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of graph.get(file) ?? []) visit(next);
    };
    for (const entry of BROWSER_ENTRIES) visit(path.join(root, entry));
    expect(reached.size).toBeGreaterThan(4);
    const problems = [...reached].flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      const relative = path.relative(root, file);
      return [
        ...(/\.server\.tsx?$/.test(file) ? [`${relative} is server-only`] : []),
        ...[...text.matchAll(/from\s+["'](node:[^"']+)["']/g)].map((match) => `${relative} imports ${match[1]}`),
      ];
    });
    expect(problems).toEqual([]);
  });
});
