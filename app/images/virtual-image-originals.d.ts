declare module "virtual:image-originals" {
  import type { OriginalsManifest } from "./image-catalog";

  const manifest: OriginalsManifest;
  export default manifest;
}
