// Types of the `virtual:content/<name>` modules (server/content-vite-plugin.ts): each is what its
// loader in app/content/content-collections.server.ts returns. Add a line per collection.
declare module "virtual:content/images" {
  const images: Record<string, import("#app/images/page-image-files.server.ts").PageImage[]>;
  export default images;
}

declare module "virtual:content/documents" {
  /** documentsFingerprint of the documents (app/content/content-fingerprint.ts). */
  export const fingerprint: string;
  /** Every content document as written, by path (`works/moss-oracle.md`), read afresh on each call. */
  export function readDocuments(): Record<string, unknown>;
  /** The snapshot the build checked from those documents (decision 053), read afresh on each call. */
  export function readSnapshot(): import("#app/content/content-store.server.ts").ContentSnapshot;
}
