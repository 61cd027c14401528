import type http from "node:http";
import type { Socket } from "node:net";

/**
 * Caps the connections a server holds at `max` and, when it is reached, makes room for the
 * newcomer by closing the connection that has been open longest without sending a whole request
 * (a slowloris or an idle flood), so ordinary visitors are still served while silent connections
 * fill the process. Only when every held connection has sent a request is the new one refused,
 * at once. Node's own `maxConnections`, a little higher, stays as the backstop should closes lag.
 */
/** Connections still closing when Node starts refusing on its own. */
const BACKSTOP_MARGIN = 16;

export function capConnections(server: http.Server, max: number, onEvict?: () => void): void {
  server.maxConnections = max + BACKSTOP_MARGIN;
  let open = 0;
  // Insertion order: the first is the longest silent.
  const silent = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    open++;
    silent.add(socket);
    socket.once("close", () => {
      open--;
      silent.delete(socket);
    });
    if (open <= max) return;
    // The longest silent one goes; when that is the newcomer itself, every other is busy.
    const oldest = silent.values().next().value ?? socket;
    silent.delete(oldest);
    oldest.destroy();
    onEvict?.();
  });
  server.on("request", (req: http.IncomingMessage) => {
    silent.delete(req.socket);
  });
}
