import http from "node:http";
import net from "node:net";
import { type CaseResult, checker, type TrafficCase, watchedRow } from "./case.ts";
import { folderMb, startServer, watchMemory } from "./server.ts";
import { sleep, visit, visitorsDuring } from "./visitors.ts";

// The 22,500 connections against a 20,000-descriptor process, scaled down: the server
// runs under a 4,096-descriptor limit and is sent 4,500 connections that say nothing.
const DESCRIPTORS = 4_096;
const IDLE_CONNECTIONS = 4_500;
const PDF = "/files/umbra-secrets-catalogue-full.pdf";

/**
 * Case 2 of issue 26: more connections than the process has descriptors, each sending nothing.
 * A visitor already connected (keep-alive) must get no 500 on an image or the PDF, the cap must
 * be kept (silent connections closed early to make room), the silent ones closed within 20 s,
 * new visitors answered within 5 s throughout, and RSS must stay within 100 MB.
 */
export const idleConnections: TrafficCase = {
  name: `2 idle connections (${IDLE_CONNECTIONS.toLocaleString("en")}, ${DESCRIPTORS.toLocaleString("en")} descriptors)`,
  async run(port): Promise<CaseResult> {
    const server = await startServer({ port, descriptors: DESCRIPTORS, warmImages: false });
    const { check, failures } = checker();
    const notes: string[] = [];
    try {
      const page = await (await fetch(`${server.url}/art`)).text();
      const image = /\/img\/artworks-\d+\/[a-z0-9-]+\.(?:webp|avif|jpg)/.exec(page)?.[0];
      check(image, "the /art page names no image");
      // The visitor who was reading the site before the attack, on one kept-alive connection.
      const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (const path of [image ?? "/", PDF]) await visit(server.url, path, { agent: keptAlive });
      const rssBefore = server.rssMb();
      const diskBefore = folderMb(server.dataDir);
      const memory = watchMemory(server);
      const visitors = visitorsDuring(server.url, ["/", "/about"], 1_000);

      const began = Date.now();
      const attackers = await openSilentConnections(port, IDLE_CONNECTIONS);
      // Past the cap, the longest silent connections make room (or new ones are refused): long
      // before the 10 s a silent connection is otherwise given.
      const madeRoom = attackers.filter((a) => a.closedAt && a.closedAt - a.openedAt < 5_000).length;
      notes.push(`${madeRoom} silent connections closed within 5 s to keep within the cap`);
      check(madeRoom > 0, "no connection was closed or refused for the cap: it was never reached");

      for (const path of [image ?? "/", PDF]) {
        const seen = await visit(server.url, path, { agent: keptAlive });
        notes.push(`kept-alive visitor: ${path.split("/").pop()} ${seen.status || seen.error}`);
        check(
          seen.status > 0 && seen.status < 500,
          `the kept-alive visitor got ${seen.status || seen.error} on ${path}`,
        );
      }
      // Silent connections are closed by the server within 20 s.
      while (attackers.some((a) => !a.closedAt) && Date.now() - began < 25_000) await sleep(250);
      const stillOpen = attackers.filter((a) => !a.closedAt).length;
      const lastClosedS = (Math.max(...attackers.map((a) => a.closedAt ?? 0)) - began) / 1000;
      notes.push(
        stillOpen
          ? `${stillOpen} silent connections still open after 25 s`
          : `silent connections all closed after ${lastClosedS.toFixed(1)} s`,
      );
      check(stillOpen === 0, `${stillOpen} silent connections were still open after 25 s`);
      for (const a of attackers) a.socket.destroy();

      const afterwards = await visit(server.url, "/");
      check(afterwards.status === 200, `a visitor after the attack got ${afterwards.status || afterwards.error}`);
      const seen = await visitors.stop();
      check(
        seen.failures.length === 0,
        `${seen.failures.length} visitors got no answer within 5 s or a 5xx: ${seen.described.slice(0, 3).join("; ")}`,
      );
      const rssAfter = server.rssMb();
      memory.stop();
      check(memory.peak() - rssBefore <= 100, `RSS grew by ${memory.peak() - rssBefore} MB (at most 100)`);
      keptAlive.destroy();
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

interface Attacker {
  socket: net.Socket;
  openedAt: number;
  closedAt?: number;
}

/** Opens `count` connections, 200 at a time, that never send a byte; notes when each is closed. */
async function openSilentConnections(port: number, count: number): Promise<Attacker[]> {
  const attackers: Attacker[] = [];
  for (let opened = 0; opened < count; opened += 200) {
    const batch = Array.from(
      { length: Math.min(200, count - opened) },
      () =>
        new Promise<void>((resolve) => {
          const attacker: Attacker = { socket: net.connect(port, "127.0.0.1"), openedAt: Date.now() };
          attackers.push(attacker);
          attacker.socket.on("connect", () => resolve());
          attacker.socket.on("error", () => resolve());
          attacker.socket.on("close", () => {
            attacker.closedAt ??= Date.now();
            resolve();
          });
          // Read what the server says (a 408) so its close is seen.
          attacker.socket.resume();
        }),
    );
    await Promise.all(batch);
  }
  return attackers;
}
