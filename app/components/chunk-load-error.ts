/**
 * True for the errors browsers raise when a code chunk fails to load, which is what a tab
 * opened before a deploy sees when it asks for a file the new build no longer has.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    `${error.name} ${error.message}`,
  );
}
