// `npm run test:deploy`: the production layout of docs/deploying.md, on this machine. Debian's
// nginx with deploy/nginx.conf.template (rendered as `npm run deploy:nginx` does, plain http on a
// free port) in front of two `node server.js` processes on one fresh PostgreSQL database and one
// shared DATA_DIR. Needs a build (`npm run build`) and TEST_DATABASE_URL.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fixedSecurityHeaders } from "#server/security-headers.ts";
import { processAdmin } from "#tests/support/server-process.ts";
import { startDeployedSite } from "./test-deploy/deployed-site.ts";
import { check, Failure, openEventStream, request } from "./test-deploy/http-client.ts";
import { checkImageBehindNginx } from "./test-deploy/image-cache.ts";
import { previousAsset } from "./test-deploy/nginx-checkout.ts";
import { appLogsSettled, appRequestsFor } from "./test-deploy/processes.ts";
import { checkForgedForwardedHeaders, checkPageFilesBehindNginx } from "./test-deploy/proxy-checks.ts";
import { step } from "./test-deploy/steps.ts";
import { checkZoomTilesBehindNginx } from "./test-deploy/zoom-tiles.ts";

const usage = `Usage: npm run test:deploy

Starts Debian's nginx with the deploy configuration in front of two app processes on a fresh
PostgreSQL database (TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test), checks
what a deployer relies on through the proxy, then stops everything and drops the database.
Needs a production build (npm run build). Installs nginx with apt-get when missing and root.`;

const root = path.resolve(import.meta.dirname, "..");

// The app's own list (server/security-headers.ts), plus the page's CSP and HSTS: nginx must
// send each exactly as the app does.
const securityHeaderNames = [
  "content-security-policy",
  "strict-transport-security",
  ...Object.keys(fixedSecurityHeaders({ production: true })).map((name) => name.toLowerCase()),
].filter((name, i, all) => all.indexOf(name) === i);

// `npm run test:deploy | head` closes our output early; carry on, so the cleanup still runs.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});

async function run() {
  for (const file of ["build/server/index.js"]) {
    if (!fs.existsSync(path.join(root, file))) throw new Failure(`No ${file}: run npm run build first.`);
  }
  const baseDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (!baseDatabaseUrl) {
    throw new Failure(
      "test:deploy needs a PostgreSQL server: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).",
    );
  }

  // Undone in reverse order when the run ends, passed or not.
  const cleanups: (() => unknown)[] = [];
  let failed = false;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-deploy-"));
  // nginx's workers run as another user when started by root, as www-data does in production.
  fs.chmodSync(work, 0o755);
  cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
  try {
    const deployed = await startDeployedSite(work, baseDatabaseUrl, cleanups);
    const { publicUrl, apps, dataDir, databaseUrl, appDir, nginx, nginxDir, proxy } = deployed;
    const [first, second] = apps;
    // Runs first on the way out: what nginx said, when a step failed.
    cleanups.push(() => {
      const log = proxy.errorLog().trim();
      if (failed && log) console.error(`nginx's error log:\n${log.split("\n").slice(-20).join("\n")}`);
    });

    await step("the systemd unit passes systemd-analyze verify", async () => {
      const analyze = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].find((p) => fs.existsSync(p));
      if (!analyze) {
        console.log("  (skipped: no systemd-analyze on this machine)");
        return;
      }
      // verify needs an instance name; a copy named umbra@3001.service stands for one.
      const unitDir = path.join(work, "systemd");
      fs.mkdirSync(unitDir);
      fs.copyFileSync(path.join(root, "deploy/umbra@.service"), path.join(unitDir, "umbra@.service"));
      fs.symlinkSync("umbra@.service", path.join(unitDir, "umbra@3001.service"));
      const result = spawnSync(analyze, ["verify", "--man=no", path.join(unitDir, "umbra@3001.service")], {
        encoding: "utf8",
      });
      const complaints = `${result.stdout}${result.stderr}`.split("\n").filter((line) => line.includes("umbra@"));
      check(result.status === 0 && complaints.length === 0, `systemd-analyze verify:\n${complaints.join("\n")}`);
    });

    await step("the production configuration (TLS, redirect) passes nginx -t", async () => {
      // The same template with its HTTPS blocks, a self-signed certificate standing in for certbot's.
      const tlsDir = path.join(work, "tls");
      fs.mkdirSync(tlsDir);
      execFileSync(
        "openssl",
        ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=umbra.example"].concat([
          "-keyout",
          `${tlsDir}/privkey.pem`,
          "-out",
          `${tlsDir}/fullchain.pem`,
        ]),
        { stdio: "ignore" },
      );
      const result = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/render-nginx-config.ts", "--server-name", "umbra.example", "--app-dir", root],
        { cwd: root, encoding: "utf8" },
      );
      check(result.status === 0, `rendering the production configuration failed:\n${result.stderr}`);
      const production = result.stdout.replaceAll("/etc/letsencrypt/live/umbra.example/", `${tlsDir}/`);
      check(/listen 443 ssl/.test(production) && /return 301 https:/.test(production), "no HTTPS server or redirect");
      const testDir = path.join(work, "nginx-tls");
      fs.mkdirSync(testDir);
      fs.writeFileSync(path.join(testDir, "site.conf"), production);
      const conf = fs.readFileSync(path.join(nginxDir, "nginx.conf"), "utf8").replaceAll(nginxDir, testDir);
      fs.writeFileSync(path.join(testDir, "nginx.conf"), conf);
      const syntax = spawnSync(
        nginx,
        ["-t", "-p", testDir, "-c", `${testDir}/nginx.conf`, "-e", `${testDir}/error.log`],
        {
          encoding: "utf8",
        },
      );
      check(syntax.status === 0, `nginx -t refused the production configuration:\n${syntax.stderr}`);
    });

    const pageHtml = fs.readFileSync(path.join(root, "build/client/art/index.html"), "utf8");
    const asset = /\/assets\/[\w.-]+\.js/.exec(pageHtml)?.[0];
    const image = /\/img\/artworks-400\/[a-z0-9-]+\.webp/.exec(pageHtml)?.[0];
    check(asset && image, "the built /art page names no script asset or 400 px WebP image");

    await step("pages come from the app through nginx, with the app's headers, compressed", async () => {
      // An editorial page and the deepest kind of route (a work's page).
      const workPage = /href="(\/art\/[a-z0-9-]+)"/.exec(pageHtml)?.[1];
      check(workPage, "the built /art page links no work");
      for (const route of ["/about", workPage]) {
        const before = appRequestsFor(apps, route);
        const fromNginx = await request(`${publicUrl}${route}`, { headers: { "Accept-Encoding": "identity" } });
        const fromApp = await request(`${first.url}${route}`, { headers: { "Accept-Encoding": "identity" } });
        await appLogsSettled(apps);
        check(fromNginx.status === 200, `${route} through nginx answered ${fromNginx.status}`);
        check(appRequestsFor(apps, route) === before + 2, `${route} through nginx did not reach an app process`);
        check(fromNginx.body.equals(fromApp.body), `nginx's ${route} differs from the app's`);
        for (const name of [...securityHeaderNames, "cache-control", "content-type"]) {
          check(
            fromNginx.headers[name] === fromApp.headers[name],
            `${route}: ${name} differs: nginx "${fromNginx.headers[name]}", app "${fromApp.headers[name]}"`,
          );
        }
        const compressed = await request(`${publicUrl}${route}`, { headers: { "Accept-Encoding": "gzip, br" } });
        check(compressed.headers["content-encoding"] === "br", `${route} through nginx was not sent compressed`);
        const revalidated = await request(`${publicUrl}${route}`, {
          headers: { "If-None-Match": String(fromNginx.headers.etag) },
        });
        check(revalidated.status === 304, `a repeat visit to ${route} with the ETag got ${revalidated.status}`);
      }
    });

    await step("a change published to the database is on the page through nginx, from both processes", async () => {
      const files = fs.mkdtempSync(path.join(work, "content-"));
      fs.cpSync(path.join(root, "content"), files, { recursive: true });
      const about = path.join(files, "pages", "about.yaml");
      fs.writeFileSync(
        about,
        fs.readFileSync(about, "utf8").replace(/^heading: .*$/m, "heading: About Umbra, published"),
      );
      const imported = spawnSync(process.execPath, ["--import", "tsx", "scripts/content-import.ts", "--from", files], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      });
      check(imported.status === 0, `content:import failed:\n${imported.stdout}${imported.stderr}`);
      for (const url of [publicUrl, first.url, second.url]) {
        let shown = "";
        for (let tries = 0; tries < 50 && !shown.includes("About Umbra, published"); tries++) {
          if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
          shown = (await request(`${url}/about`)).body.toString("utf8");
        }
        check(shown.includes("<h1>About Umbra, published</h1>"), `${url}/about does not show the published heading`);
      }
    });

    await step("the home page comes from the app: it shows the public quotes as they are now", async () => {
      const nginxBuild = path.join(appDir, "build/nginx");
      const homeCopies = fs
        .readdirSync(nginxBuild)
        .filter((name) => name.startsWith("pages-") && fs.existsSync(path.join(nginxBuild, name, "index.html")));
      check(homeCopies.length === 0, `nginx has its own copy of the home page in ${homeCopies.join(", ")}`);
      const before = appRequestsFor(apps, "/");
      const home = await request(`${publicUrl}/`);
      await appLogsSettled(apps);
      check(home.status === 200, `/ through nginx answered ${home.status}`);
      check(appRequestsFor(apps, "/") === before + 1, "/ through nginx did not reach an app process");
      check(home.body.toString("utf8").includes("From the quote wall"), "/ shows no quotes from the wall");
    });

    await step("a query string, a POST or an unknown path still reaches the app", async () => {
      const paths = ["/art", "/no-such-page", "/contact"];
      const count = () => paths.reduce((sum, p) => sum + appRequestsFor(apps, p), 0);
      const before = count();
      const filtered = await request(`${publicUrl}/art?medium=painting`);
      const missing = await request(`${publicUrl}/no-such-page`);
      // A POST to a prerendered path is the app's to answer, never nginx's static 405.
      await request(`${publicUrl}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: publicUrl },
        body: "a=1",
      });
      await appLogsSettled(apps);
      check(filtered.status === 200 && missing.status === 404, `got ${filtered.status} and ${missing.status}`);
      check(
        count() === before + 3,
        `the filtered gallery, the 404 or the POST did not reach the app (${paths.map((p) => `${p}: ${appRequestsFor(apps, p)}`).join(", ")}; before ${before})`,
      );
      const redirect = await request(`${publicUrl}/about/`);
      check(redirect.status === 301 && redirect.headers.location === "/about", "/about/ is not redirected to /about");
    });

    await step(
      "an exhibition file upload of 50 MB passes nginx to the app (decision 048), not nginx's bare 413",
      async () => {
        // Signed out, so the app refuses it with its own JSON sentence once nginx has let it through.
        const upload = await request(`${publicUrl}/admin/content-files`, {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: publicUrl },
          body: "x".repeat(50 * 1024 * 1024),
        });
        check(
          upload.status === 401 && upload.body.toString("utf8").includes("Sign in"),
          `got ${upload.status}: ${upload.body.toString("utf8").slice(0, 200)}`,
        );
      },
    );

    await step("a page's build file (/about/index.html) is redirected to the page, never sent as it is", async () => {
      const workPage = /href="(\/art\/[a-z0-9-]+)"/.exec(pageHtml)?.[1];
      check(workPage, "the built /art page links no work");
      await checkPageFilesBehindNginx(publicUrl, apps, workPage);
    });

    await step(
      "the catalogue PDF comes from the app (the newest rebuilt one), never the build's copy on disk",
      async () => {
        // Decision 044: nginx has no folder for /files/, so the app answers with the PDF it serves now.
        const pdf = await request(`${publicUrl}/files/umbra-secrets-catalogue-full.pdf`);
        check(pdf.status === 200, `the catalogue PDF answered ${pdf.status}`);
        check(pdf.headers["content-type"] === "application/pdf", `its Content-Type is ${pdf.headers["content-type"]}`);
        check(
          String(pdf.headers["cache-control"]).includes("max-age=0"),
          `its Cache-Control is "${pdf.headers["cache-control"]}", not the app's max-age=0`,
        );
        check(pdf.body.subarray(0, 5).toString() === "%PDF-" && pdf.headers.etag, "not a whole PDF with an ETag");
      },
    );

    await step("nginx serves hashed assets from disk, immutable for a year", async () => {
      const before = appRequestsFor(apps, asset);
      const reply = await request(`${publicUrl}${asset}`);
      await appLogsSettled(apps);
      check(reply.status === 200, `${asset} answered ${reply.status}`);
      check(appRequestsFor(apps, asset) === before, `${asset} reached an app process`);
      check(reply.headers.server === "nginx", `Server header ${reply.headers.server}`);
      check(
        reply.headers["cache-control"] === "public, max-age=31536000, immutable",
        `Cache-Control ${reply.headers["cache-control"]}`,
      );
      check(reply.headers["x-content-type-options"] === "nosniff", "no X-Content-Type-Options on an asset");
      check(/javascript/.test(String(reply.headers["content-type"])), `Content-Type ${reply.headers["content-type"]}`);
      // During an upgrade a process still on the previous build names its assets.
      const previous = await request(`${publicUrl}${previousAsset}`);
      check(previous.status === 200, `an asset only the previous build has answered ${previous.status}`);
      check(
        previous.headers["cache-control"] === "public, max-age=31536000, immutable",
        `the previous build's asset: Cache-Control ${previous.headers["cache-control"]}`,
      );
      const missing = await request(`${publicUrl}/assets/never-built-Zz99.js`);
      check(missing.status === 404, `an asset no build has answered ${missing.status}`);
    });

    await step("an image is derived once by the app, then served from the shared cache by nginx", () =>
      checkImageBehindNginx(publicUrl, apps, image, dataDir),
    );
    await step("a work's zoom tiles are built once by the app, then served from the shared cache by nginx", () =>
      checkZoomTilesBehindNginx(publicUrl, apps, pageHtml),
    );

    let adminHeaders: Record<string, string> = {};
    await step("sign-in limits count the client nginx saw, not what it wrote in X-Forwarded-For", async () => {
      // Two clients, 127.0.0.2 and 127.0.0.3. The first forges a new X-Forwarded-For on every
      // guess; nginx appends the address it saw, and TRUST_PROXY=127.0.0.1 believes only that.
      const signIn = (client: string, email: string, password: string, forged?: string) =>
        request(`${publicUrl}/admin/quotes`, {
          method: "POST",
          localAddress: client,
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: publicUrl,
            ...(forged ? { "X-Forwarded-For": forged } : {}),
          },
          body: new URLSearchParams({ intent: "login", email, password }).toString(),
        });
      for (let i = 0; i < 30; i++) {
        const guess = await signIn("127.0.0.2", `nobody-${i}@umbra.test`, "guess", `198.51.100.${i}`);
        check(guess.status === 401, `guess ${i + 1} of the address's 30 answered ${guess.status}, not 401`);
      }
      const over = await signIn("127.0.0.2", "nobody-30@umbra.test", "guess", "203.0.113.99");
      check(over.status === 429, `the 31st guess from one client answered ${over.status}, not 429`);
      const admin = await signIn("127.0.0.3", processAdmin.email, processAdmin.password);
      const cookie = (admin.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
      check(
        admin.status >= 300 && admin.status < 400 && cookie,
        `the admin signing in from another client got ${admin.status} and no session cookie`,
      );
      adminHeaders = { Cookie: cookie, Origin: publicUrl, "Content-Type": "application/json" };
    });

    await step(
      "a client's X-Forwarded-Host and -Proto are not believed: nginx sets them, the app ignores the host",
      () => checkForgedForwardedHeaders(publicUrl, apps),
    );

    await step("a toggle on either process reaches an event stream held through nginx, promptly", async () => {
      const list = await request(`${publicUrl}/api/admin/quotes`, { headers: adminHeaders });
      check(list.status === 200, `the admin quote list answered ${list.status}`);
      const quotes = JSON.parse(list.body.toString()).quotes as { id: number; includeInSearch: boolean }[];
      const quote = quotes[0];
      check(quote, "the admin quote list is empty");
      const stream = await openEventStream(`${publicUrl}/api/admin/quotes/events`, adminHeaders);
      try {
        await stream.waitFor(/event: ready/, 10_000);
        // The stream is held by one process; toggling through each app directly means one of
        // the two changes crosses processes by NOTIFY.
        let visible = quote.includeInSearch;
        for (const app of [first, second]) {
          visible = !visible;
          const sent = performance.now();
          const patch = await request(`${app.url}/api/admin/quotes/${quote.id}`, {
            method: "PATCH",
            headers: adminHeaders,
            body: JSON.stringify({ includeInSearch: visible }),
          });
          check(patch.status === 200, `PATCH on ${app.url} answered ${patch.status}`);
          const event = new RegExp(
            `event: quote\\ndata: \\{"quote":\\{"id":${quote.id},[^\\n]*"includeInSearch":${visible}`,
          );
          // Buffered by nginx, the event would wait for the buffer to fill or the stream to end.
          await stream.waitFor(event, 2_000);
          console.log(`  the toggle made on ${app.url} arrived after ${Math.round(performance.now() - sent)} ms`);
        }
      } finally {
        stream.close();
      }
    });
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`Cleaning up: ${(error as Error).message}`);
      }
    }
  }
}

try {
  const { values } = parseArgs({ options: { help: { type: "boolean", default: false } } });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}

const started = performance.now();
try {
  await run();
  console.log(`test:deploy passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Failure ? error.message : (error as Error).stack);
  process.exit(1);
}
