import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prerenderedPages } from "./prerendered-pages.ts";

// Issue 42, row 6: after a publish or a start no page of the content is in memory, and 1,000
// simultaneous requests for one were 1,000 renders. Here the app's renders are counted as it
// starts each one, and held until the requests under test have all arrived, so they overlap.

interface Site {
  base: string;
  /** The addresses the app began rendering, in order. */
  renders: string[];
  /** Requests the server has been given so far. */
  arrived(): number;
  /** Lets every render held so far (and later ones) finish. */
  release(): void;
  close(): void;
}

const sites: Site[] = [];
afterEach(() => {
  for (const site of sites.splice(0)) site.close();
});

/**
 * The page pipeline in front of a stand-in app, as server/main.ts puts them: the app renders
 * `page(url, n)` (n: its nth render) once released, with the status `status(n)`.
 */
async function startSite({
  content,
  status = () => 200,
}: {
  content: { version: number };
  status?: (render: number) => number;
}): Promise<Site> {
  const renders: string[] = [];
  let arrived = 0;
  let open: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  const serve = prerenderedPages(fs.mkdtempSync(path.join(os.tmpdir(), "umbra-flight-")), {
    production: true,
    current: () => false,
    rendered: { version: () => content.version, isPage: (pathname) => pathname === "/about" },
  });
  const app = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    renders.push(req.url ?? "");
    const render = renders.length;
    const version = content.version;
    await released;
    res.statusCode = status(render);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<!doctype html><title>About</title><p>version ${version}</p>${"<p>the artist</p>".repeat(200)}`);
  };
  const server = http.createServer((req, res) => {
    arrived++;
    if (!serve(req, res, () => void app(req, res))) void app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const site: Site = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders,
    arrived: () => arrived,
    release: () => open(),
    close: () => {
      open();
      server.closeAllConnections();
      server.close();
    },
  };
  sites.push(site);
  return site;
}

/** One GET on its own connection, as a separate visitor: the status and the page's text. */
function visit(base: string, pathname: string, { leaveEarly = false } = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.get(`${base}${pathname}`, { agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", (error) => (leaveEarly ? resolve({ status: 0, text: "" }) : reject(error)));
    if (leaveEarly) req.on("socket", (socket) => socket.on("connect", () => setTimeout(() => req.destroy(), 50)));
  });
}

const until = (condition: () => boolean) => expect.poll(condition, { timeout: 5_000, interval: 5 }).toBe(true);

describe("a page not in memory, asked for by many at once", () => {
  it("is rendered once: the others wait for that render and get the same page", async () => {
    const site = await startSite({ content: { version: 1 } });
    const visits = Array.from({ length: 50 }, () => visit(site.base, "/about"));
    await until(() => site.arrived() === 50);
    site.release();
    const answers = await Promise.all(visits);
    expect(site.renders).toEqual(["/about"]);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers[0]?.text).toContain("version 1");
    // Kept: the next visitor is answered from memory.
    expect((await visit(site.base, "/about")).text).toContain("version 1");
    expect(site.renders).toHaveLength(1);
  });

  it("is rendered again for those who ask after a publish, never answered with the render begun before it", async () => {
    const content = { version: 1 };
    const site = await startSite({ content });
    const before = Array.from({ length: 5 }, () => visit(site.base, "/about"));
    await until(() => site.arrived() === 5);
    content.version = 2;
    const after = Array.from({ length: 5 }, () => visit(site.base, "/about"));
    await until(() => site.arrived() === 10);
    site.release();
    const [early, late] = [await Promise.all(before), await Promise.all(after)];
    expect(site.renders).toEqual(["/about", "/about"]);
    for (const answer of early) expect(answer.text).toContain("version 1");
    for (const answer of late) expect(answer.text).toContain("version 2");
    // The page kept is the new version's.
    expect((await visit(site.base, "/about")).text).toContain("version 2");
    expect(site.renders).toHaveLength(2);
  });

  it("is not kept when its render fails: each of those who waited has it rendered for themselves", async () => {
    const site = await startSite({ content: { version: 1 }, status: (render) => (render === 1 ? 500 : 200) });
    const visits = Array.from({ length: 10 }, () => visit(site.base, "/about"));
    await until(() => site.arrived() === 10);
    site.release();
    const statuses = (await Promise.all(visits)).map((a) => a.status).sort();
    // The first asker got the failed render; nobody else was handed it.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 500]);
    expect(site.renders).toHaveLength(10);
  });

  it("is rendered by one of those who waited when the visitor it was rendered for leaves", async () => {
    const site = await startSite({ content: { version: 1 } });
    const leaver = visit(site.base, "/about", { leaveEarly: true });
    await until(() => site.arrived() === 1);
    const visits = Array.from({ length: 10 }, () => visit(site.base, "/about"));
    await until(() => site.arrived() === 11);
    await leaver;
    // The render for the visitor who left is abandoned; one of the others renders it once more.
    await until(() => site.renders.length === 2);
    site.release();
    const answers = await Promise.all(visits);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(site.renders).toHaveLength(2);
  });
});
