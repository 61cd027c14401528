import { getEnv } from "./env.server.ts";

// The port the server really listens on: PORT may be 0 (any free port) in tests. Kept on
// globalThis so development's module reloads do not forget it.
const store = globalThis as typeof globalThis & { __umbraListeningPort?: number };

/** Called once the server listens, so the loopback origins name the real port. */
export function setListeningPort(port: number): void {
  store.__umbraListeningPort = port;
}

/**
 * The origins this site is served from, from configuration only (never from Host or
 * X-Forwarded-*): PUBLIC_URL's, or with it unset the loopback ones a laptop uses,
 * `http://localhost:PORT` then `http://127.0.0.1:PORT`. The first is where links in mail point.
 */
export function allowedOrigins(): string[] {
  const env = getEnv();
  if (env.PUBLIC_URL) return [env.PUBLIC_URL];
  const port = store.__umbraListeningPort ?? env.PORT;
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/** The origin links in mail point at. */
export function publicOrigin(): string {
  return allowedOrigins()[0] as string;
}
