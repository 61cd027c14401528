import type http from "node:http";
import type { Socket } from "node:net";

/** Requests of one connection handled at once; the rest wait their turn. */
export const REQUESTS_AT_ONCE = 2;
/** Bytes written to a connection but not yet sent past which no further request is started. */
export const MAX_UNSENT_BYTES = 256 * 1024;

interface Turns {
  running: number;
  waiting: (() => void)[];
  waitingForDrain: boolean;
}

/**
 * Pipelined requests (several sent before reading any answer) are answered in order by Node,
 * but it starts every request it has parsed at once and keeps all their answers in memory until
 * the client reads. This starts at most REQUESTS_AT_ONCE per connection; the next waits until
 * one has been handed to the socket, and none starts while the connection holds more than
 * MAX_UNSENT_BYTES nobody has read. While requests wait, the connection is not read, so a
 * client that never reads its answers stops being read too. When it leaves, waiting requests
 * are dropped unanswered.
 */
export function answerInTurn(handler: http.RequestListener): http.RequestListener {
  const turnsOf = new WeakMap<Socket, Turns>();
  return function answerWhenItsTurn(req, res) {
    const socket = req.socket;
    let turns = turnsOf.get(socket);
    if (!turns) {
      const created: Turns = { running: 0, waiting: [], waitingForDrain: false };
      turnsOf.set(socket, created);
      socket.once("close", () => {
        created.waiting.length = 0;
      });
      turns = created;
    }
    const start = startFor(turns, socket, handler, req, res);
    if (turns.running < REQUESTS_AT_ONCE && turns.waiting.length === 0 && !backedUp(socket)) return start();
    turns.waiting.push(start);
    socket.pause();
    if (turns.running === 0) startNext(turns, socket);
  };
}

function startFor(
  turns: Turns,
  socket: Socket,
  handler: http.RequestListener,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  return () => {
    turns.running++;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      turns.running--;
      startNext(turns, socket);
    };
    // 'finish': the whole answer is handed to the socket; 'close': the connection went away.
    res.once("finish", finished);
    res.once("close", finished);
    handler(req, res);
  };
}

function backedUp(socket: Socket): boolean {
  return socket.writableLength > MAX_UNSENT_BYTES;
}

function startNext(turns: Turns, socket: Socket): void {
  if (socket.destroyed) {
    turns.waiting.length = 0;
    return;
  }
  if (turns.waiting.length > 0 && backedUp(socket)) {
    if (!turns.waitingForDrain) {
      turns.waitingForDrain = true;
      socket.once("drain", () => {
        turns.waitingForDrain = false;
        startNext(turns, socket);
      });
    }
    return;
  }
  while (turns.running < REQUESTS_AT_ONCE && turns.waiting.length > 0) turns.waiting.shift()?.();
  if (turns.waiting.length === 0) socket.resume();
}
