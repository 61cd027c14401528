import { documentKind, documentKindLabel } from "#app/content/content-registry-views.server.ts";

/**
 * A refused publish's problem about another document, which ContentError names by its file
 * ("exhibitions/solo-london.yaml: works: ..."), named as the studio knows it instead: its kind and
 * its name ("Exhibition “solo-london”: works: ..."). A line that names no document is kept.
 */
export function namingDocuments(problem: string): string {
  const match = /^(?:database\/)?([a-z0-9][a-z0-9/_-]*\.(?:ya?ml|md)):? ?/.exec(problem);
  const path = match?.[1];
  const kind = path ? documentKind(path) : undefined;
  if (!match || !path || !kind) return problem;
  const name = kind.kind === "item" ? ` “${kind.name}”` : kind.kind === "page" ? ` “${kind.page.label}”` : "";
  const label = kind.kind === "page" ? "Page" : documentKindLabel(path);
  return `${label}${name}: ${problem.slice(match[0].length)}`;
}
