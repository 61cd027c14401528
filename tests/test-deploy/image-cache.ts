// The page images' part of `npm run test:deploy` (tests/test-deploy.ts): decisions 015 and 017 behind nginx.
import fs from "node:fs";
import path from "node:path";
import type { ServerProcess } from "#tests/support/server-process.ts";
import { check, request } from "./http-client.ts";
import { appLogsSettled, appRequestsFor } from "./processes.ts";

/**
 * The bytes of the derivative the app wrote for `imageUrl` (/img/<folder>/<name>.<format>) into
 * the shared cache. When the first answer was the real file it is that answer; when it was the
 * JPEG fallback (`no-cache`) a busy machine gives (decisions 017, 026), this waits for the
 * background encode to land the file.
 */
async function derivedFileOf(
  imageUrl: string,
  dataDir: string,
  firstReply: { body: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<Buffer> {
  if (firstReply.headers["cache-control"] !== "no-cache") return firstReply.body;
  check(
    firstReply.headers["content-type"] === "image/jpeg",
    `a fallback answer was ${firstReply.headers["content-type"]}, not a JPEG`,
  );
  const [, folder = "", file = ""] = /^\/img\/([^/]+)\/([^/]+)$/.exec(imageUrl) ?? [];
  const name = file.slice(0, file.lastIndexOf("."));
  const format = file.slice(file.lastIndexOf(".") + 1);
  const dir = path.join(dataDir, "image-cache", folder);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = fs.existsSync(dir)
      ? fs.readdirSync(dir).find((f) => f.startsWith(`${name}.`) && f.endsWith(`.${format}`))
      : undefined;
    if (found) return fs.readFileSync(path.join(dir, found));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${imageUrl}: the app never wrote its ${format} to ${dir}`);
}

/**
 * An image is derived once by an app process on its first request; after that nginx serves the
 * file from the shared cache (decision 015) with the same immutable headers.
 */
export async function checkImageBehindNginx(publicUrl: string, apps: ServerProcess[], image: string, dataDir: string) {
  check(appRequestsFor(apps, image) === 0, "the image was requested before the test");
  const firstReply = await request(`${publicUrl}${image}`);
  await appLogsSettled(apps);
  check(firstReply.status === 200, `${image} answered ${firstReply.status}`);
  check(appRequestsFor(apps, image) === 1, "the first request for an uncached image did not reach the app");
  // On a busy machine the encode can outlast the app's short wait: the visitor then gets a
  // JPEG marked no-cache (decisions 017, 026) and the WebP lands in the shared cache a moment
  // later. Either way nginx must serve exactly the file the app wrote.
  const derived = await derivedFileOf(image, dataDir, firstReply);
  const again = await Promise.all([1, 2, 3].map(() => request(`${publicUrl}${image}`)));
  await appLogsSettled(apps);
  check(appRequestsFor(apps, image) === 1, "a cached image reached an app process");
  for (const reply of again) {
    check(reply.body.equals(derived), "nginx's cached image differs from the derived one");
    check(reply.headers["content-type"] === "image/webp", `Content-Type ${reply.headers["content-type"]}`);
    check(
      reply.headers["cache-control"] === "public, max-age=31536000, immutable",
      `Cache-Control ${reply.headers["cache-control"]}`,
    );
    check(reply.headers["x-content-type-options"] === "nosniff", "no X-Content-Type-Options on an image");
  }
  const unknown = await request(`${publicUrl}/img/artworks-400/not-a-work.webp`);
  check(unknown.status === 404, `an undeclared image answered ${unknown.status}, not the app's 404`);
}
