import path from "node:path";
import { getEnv } from "#app/config/env.server.ts";
import { DiskOriginalStore } from "./disk-original-store.server.ts";
import type { OriginalStore } from "./original-store.ts";
import { S3OriginalStore } from "./s3-original-store.server.ts";

/** The folder under DATA_DIR that holds uploaded originals when no bucket is configured (and db:backup copies). */
export const ORIGINALS_FOLDER = "originals";

let store: OriginalStore | undefined;

/** This process's store of uploaded originals: the S3 bucket when S3_URL is set, else DATA_DIR/originals. */
export function processOriginalStore(): OriginalStore {
  if (store) return store;
  const env = getEnv();
  store =
    env.S3_URL && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? new S3OriginalStore({
          url: env.S3_URL,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          region: env.S3_REGION,
          cacheDir: path.join(env.DATA_DIR, "originals-cache"),
          cacheMaxBytes: env.ORIGINALS_CACHE_MAX_MB * 1024 * 1024,
        })
      : new DiskOriginalStore(path.join(env.DATA_DIR, ORIGINALS_FOLDER));
  return store;
}
