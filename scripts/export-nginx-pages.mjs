// Last step of `npm run build`: writes the prerendered pages as our server answers them, for
// nginx to serve from disk (deploy/nginx.conf.template, docs/decisions/015):
//   build/nginx/pages-<id>/<route>/index.html (+ .br, .gz)  as in memory: origin filled in, the
//     app's own scripts allowed by hash and their build marker removed, stylesheets inlined
//     (finishPrerenderedPage); the server reuses the .br and .gz when it serves the same bytes,
//     so nothing is compressed on a request (server/prerendered-pages.ts)
//   build/nginx/pages.conf  nginx maps: route -> Content-Security-Policy, and the folder pages-<id>
// Each policy allows its page's own inline scripts (those the build marked, decision 029) by
// hash, so the policies must match the files.
// nginx reads pages.conf only when it (re)loads; <id> is a hash of the policies, so until the
// reload after a build changed them, nginx looks for the old folder, finds nothing and passes
// pages to the app, instead of sending new pages with old policies.
import "#server/load-env-file.ts";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import zlib from "node:zlib";
import { ORIGIN_PLACEHOLDER } from "#app/seo/origin-placeholder.js";
import { stylesheetReader } from "#server/inline-stylesheets.ts";
import { readPrerenderScriptNonce } from "#server/own-inline-scripts.ts";
import { finishPrerenderedPage } from "#server/prerendered-pages.ts";

const root = path.resolve(import.meta.dirname, "..");
// --out: another folder (test:deploy writes the pages for its own origin there); --build:
// another build than this checkout's.
const args = parseArgs({ options: { out: { type: "string" }, build: { type: "string" } } }).values;
const buildDir = path.resolve(args.build ?? path.join(root, "build"));
const clientDir = path.join(buildDir, "client");
const outDir = path.resolve(args.out ?? path.join(buildDir, "nginx"));
const scriptNonce = readPrerenderScriptNonce(path.join(buildDir, "server"));

/**
 * The origin the pages name (canonical links, Open Graph, JSON-LD), as the server's
 * publicOrigin(): PUBLIC_URL's, or http://localhost:PORT. nginx serves these files as they are,
 * so after changing PUBLIC_URL they are written again (`npm run build`) and nginx reloaded.
 */
function publicOrigin() {
  const value = process.env.PUBLIC_URL;
  if (!value) return `http://localhost:${process.env.PORT || 3000}`;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new Error(`PUBLIC_URL: must be a URL like https://umbra.example (got "${value}")`);
  }
  return new URL(value).origin;
}
const origin = publicOrigin();
// Pages are written here first, then moved to pages-<id> once the policies are all known.
const pagesDir = path.join(outDir, "pages-incoming");

fs.rmSync(outDir, { recursive: true, force: true });
const readStylesheet = stylesheetReader(clientDir);
const mapLines = [];
const compressions = [];
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The same folders server/prerendered-pages.ts skips; viewing rooms (issue 22) are never
      // a static copy, whatever the build wrote.
      if (entry.name !== "assets" && entry.name !== "img" && !(dir === clientDir && entry.name === "rooms")) walk(full);
      continue;
    }
    if (entry.name !== "index.html") continue;
    const relative = path.relative(clientDir, dir).split(path.sep).join("/");
    const route = `/${relative}`.replace(/\/$/, "") || "/";
    const { html, scriptPolicy } = finishPrerenderedPage(fs.readFileSync(full, "utf8"), {
      origin: { placeholder: ORIGIN_PLACEHOLDER, value: origin },
      readStylesheet,
      scriptNonce,
    });
    const target = path.join(pagesDir, relative, "index.html");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, html);
    // gzip_static (and brotli_static where nginx has it) serve these instead of compressing on
    // every request; zlib's thread pool makes them side by side.
    const bytes = Buffer.from(html);
    compressions.push(
      gzip(bytes, { level: 9 }).then((gz) => fs.writeFileSync(`${target}.gz`, gz)),
      brotli(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }).then((br) => fs.writeFileSync(`${target}.br`, br)),
    );
    // Routes are slugs ([a-z0-9-/]); a quote or backslash would break the map's syntax.
    if (/["\\\s;]/.test(route)) throw new Error(`Cannot write an nginx map entry for route ${route}`);
    mapLines.push(`"${route}" "${scriptPolicy}";`);
  }
}

const started = performance.now();
walk(clientDir);
await Promise.all(compressions);
const compressMs = Math.round(performance.now() - started);
const policies = mapLines.sort().join("\n");
const folder = `pages-${crypto.createHash("sha256").update(policies).digest("hex").slice(0, 12)}`;
fs.renameSync(pagesDir, path.join(outDir, folder));
const conf = `# Written by scripts/export-nginx-pages.mjs; included by deploy/nginx.conf.template.
map $uri $umbra_page_csp {
    default "";
${policies.replace(/^/gm, "    ")}
}
map $uri $umbra_pages_folder {
    default ${folder};
}
`;
fs.writeFileSync(path.join(outDir, "pages.conf"), conf);
console.log(
  `Wrote ${mapLines.length} prerendered pages for nginx, for ${origin}, to ${path.relative(root, outDir)}/${folder} (brotli 11 and gzip 9 in ${compressMs} ms)`,
);
