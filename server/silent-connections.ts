import type http from "node:http";
import type { Socket } from "node:net";

/**
 * Closes a connection that has sent no byte within `timeoutMs` of opening (issue 42). Node's
 * head timeout is meant to start at the first byte, so whether it covers a connection that never
 * sends one depends on its version; this deadline does not. Once a byte has arrived, the head and
 * request timeouts take over (a partial head is answered 408 by them).
 */
export function closeSilentConnections(server: http.Server, timeoutMs: number): void {
  server.on("connection", (socket: Socket) => {
    const timer = setTimeout(() => {
      // bytesRead counts what the HTTP parser consumed too, though it reads the socket natively.
      if (socket.bytesRead === 0) socket.destroy();
    }, timeoutMs);
    // A timer must not keep a stopping process alive.
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  });
}
