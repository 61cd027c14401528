import { createHash } from "node:crypto";

/**
 * One hash of a whole content tree (decision 050): its paths in code-point order, each with its
 * document as JSON. The build writes it beside its documents and the database keeps the one it
 * imported, so a start can tell the build's content from an edited one without reading either.
 */
export function documentsFingerprint(documents: ReadonlyMap<string, unknown>): string {
  const hash = createHash("sha256");
  for (const path of [...documents.keys()].sort())
    hash
      .update(path)
      .update("\n")
      .update(JSON.stringify(documents.get(path)))
      .update("\n");
  return hash.digest("hex");
}
