// Last step of `npm run build`: writes the prerendered pages as our server answers them, for
// nginx to serve from disk (deploy/nginx.conf.template, docs/decisions/015):
//   build/nginx/pages/<route>/index.html (+ .gz)  stylesheets inlined, as in memory
//   build/nginx/page-csp.map                      "<route>" "<Content-Security-Policy>";
// The policy allows each page's own inline scripts by hash, so the map must come from the same
// bytes as the files: both are written here, together, from every build.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { inlineStylesheets, stylesheetReader } from "../server/inline-stylesheets.js";
import { contentSecurityPolicy, inlineScriptHashes } from "../server/security-headers.js";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");
const outDir = path.join(root, "build/nginx");
const pagesDir = path.join(outDir, "pages");

fs.rmSync(outDir, { recursive: true, force: true });
const readStylesheet = stylesheetReader(clientDir);
const mapLines = [];

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The same folders server/prerendered-pages.js skips.
      if (entry.name !== "assets" && entry.name !== "img") walk(full);
      continue;
    }
    if (entry.name !== "index.html") continue;
    const relative = path.relative(clientDir, dir).split(path.sep).join("/");
    const route = `/${relative}`.replace(/\/$/, "") || "/";
    const html = inlineStylesheets(fs.readFileSync(full, "utf8"), readStylesheet);
    const target = path.join(pagesDir, relative, "index.html");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, html);
    // gzip_static serves this instead of compressing on every request.
    fs.writeFileSync(`${target}.gz`, zlib.gzipSync(html, { level: 9 }));
    // Routes are slugs ([a-z0-9-/]); a quote or backslash would break the map's syntax.
    if (/["\\\s;]/.test(route)) throw new Error(`Cannot write an nginx map entry for route ${route}`);
    mapLines.push(`"${route}" "${contentSecurityPolicy(inlineScriptHashes(html))}";`);
  }
}

walk(clientDir);
fs.writeFileSync(path.join(outDir, "page-csp.map"), `${mapLines.sort().join("\n")}\n`);
console.log(`Wrote ${mapLines.length} prerendered pages for nginx to ${path.relative(root, outDir)}/`);
