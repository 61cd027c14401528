import type { Plugin } from "vite";
import { buildOriginalsManifest } from "./originals-manifest.ts";

const id = "virtual:image-originals";

/** Exposes the real originals' manifest to app code as `virtual:image-originals`. */
export function imageOriginalsPlugin(): Plugin {
  let manifest: Promise<string> | undefined;
  return {
    name: "umbra-image-originals",
    resolveId(source) {
      return source === id ? `\0${id}` : undefined;
    },
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      manifest ??= buildOriginalsManifest((message) => this.warn(message)).then(
        (m) => `export default ${JSON.stringify(m)};`,
      );
      return manifest;
    },
  };
}
