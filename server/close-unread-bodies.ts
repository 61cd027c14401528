import type http from "node:http";

/** How long what the client still sends is read and dropped before the connection is closed. */
export const UNREAD_BODY_LINGER_MS = 2_000;

/**
 * A route that takes no body answers without reading it; Node would then read the rest to
 * keep the connection for the next request, however slowly it trickles in. Instead, when the
 * answer is complete and the body is not, the connection is ended after the answer and
 * destroyed shortly after (a short "lingering close", so the client still reads the answer
 * rather than a reset).
 */
export function closeUnreadBodies(handler: http.RequestListener): http.RequestListener {
  return function closeWhenBodyUnread(req, res) {
    // Said in the answer's headers, so a keep-alive client does not send its next request on a
    // connection about to close (it got "socket hang up" otherwise). writeHead also runs for an
    // answer that sets no headers itself (Node's implicit header).
    if (sendsBody(req)) {
      const writeHead = res.writeHead;
      res.writeHead = function writeHeadClosingUnread(this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (!req.complete) res.shouldKeepAlive = false;
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }
    res.once("finish", () => {
      if (req.complete) return;
      const socket = req.socket;
      socket.end();
      setTimeout(() => socket.destroy(), UNREAD_BODY_LINGER_MS).unref();
    });
    handler(req, res);
  };
}

/** Whether the request announced a body (a GET answered in its own handler is not yet "complete"). */
function sendsBody(req: http.IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}
