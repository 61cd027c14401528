import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** A local S3 server (s3rver) on a free port with one empty bucket, for the S3 store's tests. */
export async function startTestS3(bucket = "umbra-originals") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's own credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    region: "us-east-1",
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
