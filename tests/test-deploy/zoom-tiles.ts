// The zoom tiles' part of `npm run test:deploy` (tests/test-deploy.ts): decision 023 behind nginx.
import type { ServerProcess } from "#tests/support/server-process.ts";
import { check, request } from "./http-client.ts";
import { appLogsSettled, appRequestsFor } from "./processes.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * A work's zoom pyramid is built by an app process on the first tile request; after that nginx
 * answers its descriptor and tiles from the shared cache itself, with the app's headers, and a
 * tile outside the pyramid still gets the app's 404. The work is the gallery's first.
 */
export async function checkZoomTilesBehindNginx(publicUrl: string, apps: ServerProcess[], galleryHtml: string) {
  const work = /href="\/art\/([a-z0-9-]+)"/.exec(galleryHtml)?.[1];
  check(work, "the built /art page links no work");
  const page = await request(`${publicUrl}/art/${work}/zoom`);
  check(page.status === 200, `/art/${work}/zoom answered ${page.status}`);
  const descriptor = /\/img\/zoom\/[a-z0-9-]+\.[0-9a-f]{10}\.dzi/.exec(page.body.toString())?.[0];
  check(descriptor, `/art/${work}/zoom names no .dzi descriptor`);
  const tile = descriptor.replace(/\.dzi$/, "_files/0/0_0.jpeg");
  let first = await request(`${publicUrl}${tile}`);
  // A pyramid not built within 8 s is answered 503 with Retry-After (decision 026): asked again.
  let asked = 1;
  for (const started = Date.now(); first.status === 503 && Date.now() - started < 120_000; asked++) {
    await new Promise((resolve) => setTimeout(resolve, Number(first.headers["retry-after"] ?? 5) * 1000));
    first = await request(`${publicUrl}${tile}`);
  }
  check(first.status === 200 && first.headers["content-type"] === "image/jpeg", `${tile} answered ${first.status}`);
  await appLogsSettled(apps);
  // The first ask reaches the app, which starts the build. When that answered 503, the build
  // goes on and may land in the shared cache before the next ask, which nginx then answers.
  const reachedApp = appRequestsFor(apps, tile);
  check(
    reachedApp >= 1 && reachedApp <= asked,
    `the first request for a zoom tile did not reach the app (${reachedApp} of ${asked} asks did)`,
  );
  const [again, dzi] = await Promise.all([request(`${publicUrl}${tile}`), request(`${publicUrl}${descriptor}`)]);
  await appLogsSettled(apps);
  check(appRequestsFor(apps, tile) === reachedApp, "a cached zoom tile reached an app process");
  check(appRequestsFor(apps, descriptor) === 0, "a built pyramid's descriptor reached an app process");
  check(again.body.equals(first.body), "nginx's cached zoom tile differs from the built one");
  check(dzi.headers["content-type"] === "application/xml", `.dzi Content-Type ${dzi.headers["content-type"]}`);
  for (const reply of [again, dzi]) {
    check(reply.headers["cache-control"] === IMMUTABLE, `zoom Cache-Control ${reply.headers["cache-control"]}`);
  }
  const outside = await request(`${publicUrl}${descriptor.replace(/\.dzi$/, "_files/0/1_0.jpeg")}`);
  check(outside.status === 404, `a tile outside the pyramid answered ${outside.status}, not the app's 404`);
}
