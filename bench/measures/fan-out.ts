import http from "node:http";
import { atMost, info, type Measurement, round } from "#bench/budgets.ts";

interface StreamClient {
  request: http.ClientRequest;
  ready: Promise<void>;
  /** Resolves with the time the client saw a `quote` event for the given id. */
  received: (id: number) => Promise<number>;
}

function connect(baseUrl: string, cookie: string, agent: http.Agent): StreamClient {
  let buffer = "";
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const waiters = new Map<number, (t: number) => void>();
  const request = http.get(
    `${baseUrl}/api/admin/quotes/events`,
    { agent, headers: { Cookie: cookie, Accept: "text/event-stream", Origin: baseUrl } },
    (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.includes("event: ready")) markReady();
          if (frame.includes("event: quote\n")) {
            const data = frame.split("\n").find((l) => l.startsWith("data: "));
            const id = data ? (JSON.parse(data.slice(6)).quote?.id as number) : undefined;
            if (id !== undefined) waiters.get(id)?.(now);
          }
          end = buffer.indexOf("\n\n");
        }
      });
    },
  );
  return {
    request,
    ready,
    received: (id) => new Promise((resolve) => waiters.set(id, resolve)),
  };
}

/** 500 admin event streams connected, one toggle through the API: time until the last stream has it. */
export async function measureFanOut(baseUrl: string, cookie: string, clients = 500): Promise<Measurement[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const streams = Array.from({ length: clients }, () => connect(baseUrl, cookie, agent));
  try {
    await Promise.race([
      Promise.all(streams.map((s) => s.ready)),
      new Promise((_, reject) => setTimeout(() => reject(new Error("streams did not all connect in 60 s")), 60_000)),
    ]);
    const list = await (await fetch(`${baseUrl}/api/admin/quotes?limit=1`, { headers: { Cookie: cookie } })).json();
    const quote = list.quotes[0] as { id: number; includeInSearch: boolean };
    const arrivals = streams.map((s) => s.received(quote.id));
    const sent = performance.now();
    const response = await fetch(`${baseUrl}/api/admin/quotes/${quote.id}`, {
      method: "PATCH",
      headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/json" },
      body: JSON.stringify({ includeInSearch: !quote.includeInSearch }),
    });
    if (!response.ok) throw new Error(`toggle failed: HTTP ${response.status}`);
    const times = await Promise.race([
      Promise.all(arrivals),
      new Promise<number[]>((_, reject) =>
        setTimeout(() => reject(new Error("not every stream got the change in 30 s")), 30_000),
      ),
    ]);
    const last = Math.max(...times) - sent;
    const first = Math.min(...times) - sent;
    return [
      info(`Toggle to first of ${clients} streams`, round(first, 1), "ms"),
      atMost(`Toggle to last of ${clients} streams`, round(last, 1), 250, "ms"),
    ];
  } finally {
    for (const s of streams) s.request.destroy();
    agent.destroy();
  }
}
