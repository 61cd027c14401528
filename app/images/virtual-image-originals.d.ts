declare module "virtual:image-originals" {
  import type { OriginalsManifest } from "./image-catalog.ts";

  const manifest: OriginalsManifest;
  export default manifest;
}
