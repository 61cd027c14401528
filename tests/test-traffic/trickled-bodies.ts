import net from "node:net";
import { type CaseResult, checker, type TrafficCase, watchedRow } from "./case.ts";
import { folderMb, startServer, watchMemory } from "./server.ts";
import { sleep, visitorsDuring } from "./visitors.ts";

const PER_KIND = 50;
const BYTE_EVERY_MS = 5_000;
const CLOSED_WITHIN_MS = 20_000;

/** A request head that announces a body, and how its body trickles in. */
interface Trickle {
  label: string;
  head: (host: string) => string;
  byte: () => string;
}

/**
 * Case 3 of issue 26: a chunked body, one byte every 5 s, to routes that take none
 * (`/api/quotes`, `/`, an image), and a slow body to `/admin/quotes`, 50 connections of each.
 * Every one must be closed by the server within 20 s (Node's default held them ~323 s), and
 * visitors served throughout.
 */
export const trickledBodies: TrafficCase = {
  name: `3 trickled bodies (${PER_KIND} each to /api/quotes, /, an image, /admin/quotes)`,
  async run(port): Promise<CaseResult> {
    const server = await startServer({ port, warmImages: false });
    const { check, failures } = checker();
    const notes: string[] = [];
    try {
      const page = await (await fetch(`${server.url}/art`)).text();
      const image = /\/img\/artworks-\d+\/[a-z0-9-]+\.(?:webp|avif|jpg)/.exec(page)?.[0] ?? "/img/missing.webp";
      const chunked = (method: string, path: string) => (host: string) =>
        `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const kinds: Trickle[] = [
        { label: "POST /api/quotes", head: chunked("POST", "/api/quotes"), byte: () => "1\r\nx\r\n" },
        { label: "GET /", head: chunked("GET", "/"), byte: () => "1\r\nx\r\n" },
        { label: "GET image", head: chunked("GET", image), byte: () => "1\r\nx\r\n" },
        {
          label: "POST /admin/quotes (slow body)",
          head: (host) =>
            `POST /admin/quotes HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`,
          byte: () => "a",
        },
      ];
      const rssBefore = server.rssMb();
      const diskBefore = folderMb(server.dataDir);
      const memory = watchMemory(server);
      const visitors = visitorsDuring(server.url, ["/", "/quotes", "/about"]);
      const began = Date.now();
      const host = `127.0.0.1:${port}`;
      const sockets = kinds.flatMap((kind) =>
        Array.from({ length: PER_KIND }, () => ({ kind: kind.label, ...trickle(port, kind.head(host), kind.byte) })),
      );
      while (sockets.some((s) => !s.closedAt()) && Date.now() - began < CLOSED_WITHIN_MS + 8_000) await sleep(250);
      for (const kind of kinds) {
        const own = sockets.filter((s) => s.kind === kind.label);
        const open = own.filter((s) => !s.closedAt() || (s.closedAt() ?? 0) - began > CLOSED_WITHIN_MS).length;
        const latest = Math.max(...own.map((s) => s.closedAt() ?? Date.now())) - began;
        notes.push(`${kind.label}: closed after ${(latest / 1000).toFixed(1)} s at the latest`);
        check(open === 0, `${open} trickling ${kind.label} connections were not closed within 20 s`);
      }
      for (const s of sockets) s.socket.destroy();
      const seen = await visitors.stop();
      check(
        seen.failures.length === 0,
        `${seen.failures.length} visitors got no answer within 5 s or a 5xx: ${seen.described.slice(0, 3).join("; ")}`,
      );
      const rssAfter = server.rssMb();
      memory.stop();
      check(memory.peak() - rssBefore <= 100, `RSS grew by ${memory.peak() - rssBefore} MB (at most 100)`);
      return watchedRow(
        this.name,
        server,
        { seen, rssMb: { before: rssBefore, peak: memory.peak(), after: rssAfter }, diskBeforeMb: diskBefore },
        { failures, notes },
      );
    } finally {
      await server.stop();
    }
  },
};

/** A connection that sends `head`, then one `byte()` every 5 s until the server closes it. */
function trickle(port: number, head: string, byte: () => string) {
  let closedAt: number | undefined;
  const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
  const timer = setInterval(() => {
    if (socket.writable) socket.write(byte());
  }, BYTE_EVERY_MS);
  socket.on("error", () => {});
  // The answer (if any) is read; the server's end or close counts as closed.
  socket.resume();
  const closed = () => {
    closedAt ??= Date.now();
    clearInterval(timer);
  };
  socket.on("end", closed);
  socket.on("close", closed);
  return { socket, closedAt: () => closedAt };
}
