import net from "node:net";

/**
 * A TCP proxy for tests, between the code under test and a PostgreSQL server, that the test can
 * cut and restore: what a database outage looks like from the application, without stopping a
 * server other tests share.
 * - `refuse()`: every open connection is reset and new ones are refused (PostgreSQL stopped).
 * - `blackHole()`: open connections go silent and new ones are accepted but never answered (a
 *   network partition or a hung server), so only timeouts can end a query.
 * - `restore()`: connections pass through again.
 */
export interface CuttableProxy {
  /** `target` (a postgres:// URL) with its host and port replaced by the proxy's. */
  readonly url: string;
  refuse(): Promise<void>;
  blackHole(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const targetUrl = new URL(target);
  const targetHost = targetUrl.hostname;
  const targetPort = Number(targetUrl.port || 5432);
  const sockets = new Set<net.Socket>();
  // Connections that went silent: bytes were dropped, so they can never carry a session again.
  const silenced = new Set<net.Socket>();
  let mode: "open" | "refused" | "black-hole" = "open";

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => {
      sockets.delete(client);
      silenced.delete(client);
    });
    client.on("error", () => {});
    // Held, never answered: only the client's own timeout ends it.
    if (mode === "black-hole") {
      silenced.add(client);
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("data", (chunk) => {
      if (!silenced.has(client)) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!silenced.has(client)) client.write(chunk);
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  // Port 0: the system picks a free port; later restores listen on the same one.
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  return {
    url: url.toString(),
    async refuse() {
      mode = "refused";
      const closed = stopListening();
      for (const socket of sockets) socket.resetAndDestroy();
      await closed;
    },
    blackHole() {
      mode = "black-hole";
      for (const socket of sockets) silenced.add(socket);
    },
    async restore() {
      mode = "open";
      for (const socket of silenced) socket.destroy();
      silenced.clear();
      if (!server.listening) await listen(port);
    },
    async close() {
      mode = "refused";
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
