import net from "node:net";
import { type CaseResult, checker, type TrafficCase } from "./case.ts";
import { folderMb, startServer, watchMemory } from "./server.ts";
import { sleep, visit, visitorsDuring } from "./visitors.ts";

const CONNECTIONS = 2;
const REQUESTS_PER_CONNECTION = 2_000;
const HOLD_MS = 8_000;
const VISITED = ["/", "/quotes", "/about"];

/**
 * Case 1 of issue 26: two connections each write 2,000 pipelined `GET /quotes?q=…` in one go
 * and never read an answer; once with Accept-Encoding, once without. Visitors must be answered
 * within 5 s throughout and at once after the attackers leave, RSS must grow by at most 100 MB
 * and come back, and SIGTERM during a flood must end the process within 10 s.
 */
export const pipelinedFlood: TrafficCase = {
  name: "1 pipelined flood (2 x 2,000 GET, never read)",
  async run(port): Promise<CaseResult> {
    const server = await startServer({ port, warmImages: false });
    const { check, failures } = checker();
    const notes: string[] = [];
    try {
      // Every page the visitors ask for is asked for first, so what the server keeps once per page
      // (its compressed copies, its code) is in the baseline and not counted as the flood's
      // growth (one run measured 108 MB against 100, another 74, on the same code).
      for (let i = 0; i < 5; i++) for (const page of VISITED) await visit(server.url, page);
      const rssBefore = server.rssMb();
      const diskBefore = folderMb(server.dataDir);
      const memory = watchMemory(server);
      const visitors = visitorsDuring(server.url, VISITED);
      for (const acceptEncoding of [true, false]) {
        const attackers = await flood(port, acceptEncoding);
        await sleep(HOLD_MS);
        for (const socket of attackers) socket.destroy();
        const afterLeaving = await visit(server.url, "/");
        const label = acceptEncoding ? "with Accept-Encoding" : "without Accept-Encoding";
        notes.push(
          `/ after the attackers left (${label}): ${afterLeaving.status || "no answer"} in ${afterLeaving.ms} ms`,
        );
        check(
          afterLeaving.status === 200 && afterLeaving.ms <= 5_000,
          `/ was not answered within 5 s after the attackers left (${label})`,
        );
      }
      await sleep(3_000);
      const seen = await visitors.stop();
      const rssAfter = server.rssMb();
      check(
        seen.failures.length === 0,
        `${seen.failures.length} visitors got no answer within 5 s or a 5xx: ${seen.described.slice(0, 3).join("; ")}`,
      );
      check(memory.peak() - rssBefore <= 100, `RSS grew by ${memory.peak() - rssBefore} MB (at most 100)`);
      check(rssAfter - rssBefore <= 100, `RSS kept ${rssAfter - rssBefore} MB after the flood (at most 100)`);

      // SIGTERM while a flood is on.
      const attackers = await flood(port, true);
      await sleep(2_000);
      const stopSeconds = await server.stop();
      for (const socket of attackers) socket.destroy();
      memory.stop();
      check(stopSeconds <= 10, `SIGTERM during a flood took ${stopSeconds} s to end the process (at most 10)`);
      return {
        attack: this.name,
        visitors: `${seen.served}/${seen.total} (slowest ${seen.slowest} ms)`,
        rssMb: { before: rssBefore, peak: memory.peak(), after: rssAfter },
        diskMb: { before: diskBefore, after: folderMb(server.dataDir) },
        stopSeconds,
        failures,
        notes,
      };
    } finally {
      await server.stop();
    }
  },
};

/** Opens the attack's connections, writes every request at once and never reads. */
async function flood(port: number, acceptEncoding: boolean): Promise<net.Socket[]> {
  const encoding = acceptEncoding ? "Accept-Encoding: gzip, deflate, br\r\n" : "";
  return Promise.all(
    Array.from(
      { length: CONNECTIONS },
      (_, c) =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect(port, "127.0.0.1", () => {
            const requests = Array.from(
              { length: REQUESTS_PER_CONNECTION },
              (_, i) => `GET /quotes?q=${c}w${i}ord HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${encoding}\r\n`,
            );
            socket.write(requests.join(""));
            resolve(socket);
          });
          // Never read: what the server sends stays in the socket buffers.
          socket.pause();
          socket.on("error", () => {});
        }),
    ),
  );
}
