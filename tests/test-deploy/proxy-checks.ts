// What nginx must not pass on from the client, and what it must not serve as it is, in
// `npm run test:deploy` (tests/test-deploy.ts); decision 030.
import type { ServerProcess } from "#tests/support/server-process.ts";
import { processAdmin } from "#tests/support/server-process.ts";
import { check, request } from "./http-client.ts";
import { appLogsSettled, appRequestsFor } from "./processes.ts";

const placeholderOrigin = "public-origin.umbra.invalid";

/**
 * A page's build file (/about/index.html) is the page at its clean URL: nginx redirects it
 * itself, and any other spelling of it reaches the app, which never sends the file either.
 */
export async function checkPageFilesBehindNginx(publicUrl: string, apps: ServerProcess[], workPage: string) {
  for (const [file, page] of [
    ["/about/index.html", "/about"],
    ["/index.html", "/"],
    [`${workPage}/index.html`, workPage],
    ["/about/index.html?from=old-link", "/about?from=old-link"],
  ] as const) {
    const path = file.split("?")[0] as string;
    const before = appRequestsFor(apps, path);
    const reply = await request(`${publicUrl}${file}`);
    await appLogsSettled(apps);
    check(reply.status === 301, `${file} through nginx answered ${reply.status}, not a redirect to ${page}`);
    check(reply.headers.location === page, `${file} was redirected to ${reply.headers.location}, not ${page}`);
    check(appRequestsFor(apps, path) === before, `${file} reached an app process (nginx should redirect it)`);
    check(reply.headers["x-content-type-options"] === "nosniff", `${file}: the redirect has no security headers`);
  }
  for (const file of ["/about/index%2Ehtml", "/About/index.html", "/about/INDEX.HTML", "/about/index.htm"]) {
    const reply = await request(`${publicUrl}${file}`);
    check(reply.status === 301 || reply.status === 404, `${file} through nginx answered ${reply.status}`);
    check(!reply.body.toString("utf8").includes(placeholderOrigin), `${file} sent the build's file as it is`);
  }
}

/**
 * A client's own X-Forwarded-Host and X-Forwarded-Proto: nginx sets both itself, and the app
 * builds no URL from the first. The admin signing in with them forged still signs in (had the
 * app believed either, React Router would refuse the form as coming from another origin), and
 * nothing the site answers names the forged host.
 */
export async function checkForgedForwardedHeaders(publicUrl: string, apps: ServerProcess[]) {
  const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
  const signIn = await request(`${publicUrl}/admin/quotes`, {
    method: "POST",
    localAddress: "127.0.0.4",
    headers: { ...forged, "Content-Type": "application/x-www-form-urlencoded", Origin: publicUrl },
    body: new URLSearchParams({
      intent: "login",
      email: processAdmin.email,
      password: processAdmin.password,
    }).toString(),
  });
  check(
    signIn.status >= 300 && signIn.status < 400 && (signIn.headers["set-cookie"] ?? []).length > 0,
    `signing in with a forged X-Forwarded-Host and -Proto answered ${signIn.status}: ${signIn.body.toString("utf8").slice(0, 200)}`,
  );
  const replies = [signIn];
  for (const path of ["/art?medium=painting", "/no-such-page", "/about/", "/quotes", "/about"]) {
    replies.push(await request(`${publicUrl}${path}`, { headers: forged }));
  }
  await appLogsSettled(apps);
  for (const reply of replies) {
    const text = `${JSON.stringify(reply.headers)}${reply.body.toString("utf8")}`;
    check(!text.includes("evil.example"), "an answer names the host from a forged X-Forwarded-Host");
    check(!/Secure/.test(String(reply.headers["set-cookie"] ?? "")), "a forged X-Forwarded-Proto made cookies Secure");
  }
}
