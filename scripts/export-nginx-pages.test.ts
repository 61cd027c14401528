import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The nginx copy of the prerendered pages (scripts/export-nginx-pages.mjs), written from a small
// build as `npm run build` would: nginx sends these files with the policies in pages.conf.
const marker = "build-marker-9Xc";
const own = 'window.__reactRouterContext = {"basename":"/"};';
const injected = "document.title='pwned'";
const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
let build = "";

beforeAll(async () => {
  build = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-export-"));
  fs.mkdirSync(path.join(build, "client", "articles", "moss"), { recursive: true });
  fs.mkdirSync(path.join(build, "server"));
  fs.writeFileSync(path.join(build, "server", "prerender-script-nonce"), marker);
  // A page whose content brought a script into the build, beside the app's own marked one.
  fs.writeFileSync(
    path.join(build, "client", "articles", "moss", "index.html"),
    `<!doctype html><main><script>${injected}</script></main><script nonce="${marker}">${own}</script>`,
  );
  await promisify(execFile)(
    path.resolve("node_modules/.bin/tsx"),
    ["scripts/export-nginx-pages.mjs", "--build", build, "--out", path.join(build, "nginx")],
    { env: { ...process.env, PUBLIC_URL: "https://umbra.example" } },
  );
});
afterAll(() => fs.rmSync(build, { recursive: true, force: true }));

describe("the pages for nginx", () => {
  it("allow the app's own scripts by hash, never one that got into the page, and keep no marker", () => {
    const conf = fs.readFileSync(path.join(build, "nginx", "pages.conf"), "utf8");
    const line = conf.split("\n").find((entry) => entry.includes('"/articles/moss"')) ?? "";
    expect(line).toContain(sha256(own));
    expect(line).not.toContain(sha256(injected));
    const folder = fs.readdirSync(path.join(build, "nginx")).find((name) => name.startsWith("pages-")) ?? "";
    const page = fs.readFileSync(path.join(build, "nginx", folder, "articles", "moss", "index.html"), "utf8");
    expect(page).toContain(`<script>${own}</script>`);
    expect(page).not.toContain(marker);
  });
});
