import "@testing-library/jest-dom/vitest";
import { afterAll, vi } from "vitest";

// Test files share their worker process (isolate: false in vitest.config.ts): starting a process
// and loading the packages again for each of 239 files cost more than a third of the run. Each
// file still starts as it would in a process of its own, but for the packages of node_modules:

// Fresh modules of the app: it keeps state in them (the parsed environment, derived keys, stores).
vi.resetModules();

// What the file sets in process.env (many set DATA_DIR or PUBLIC_URL at their top) is undone.
const envBefore = { ...process.env };

// The app's few process-wide values kept on globalThis (the logger, the listening port, the site
// origin, the prerender nonce: development's module reloads must not forget them) are forgotten.
const isAppGlobal = (key: string | symbol) =>
  typeof key === "string" ? key.startsWith("__umbra") : (key.description ?? "").startsWith("umbra.");
const appGlobalsBefore = new Map(
  Reflect.ownKeys(globalThis)
    .filter(isAppGlobal)
    .map((key) => [key, Reflect.get(globalThis, key)]),
);

// The umask: opening a data folder sets the server's owner-only one (private-data.server.ts),
// which would make every later file's new folders 0700 (a CI run saw a test of 0755 folders fail).
// (Read by setting it: process.umask() with no argument is deprecated.)
const umaskBefore = process.umask(0o022);
process.umask(umaskBefore);

// Listeners the file's modules add for the process's end (a server's shutdown, a child's kill)
// belong to modules no later file uses.
const PROCESS_EVENTS: string[] = ["exit", "SIGTERM", "SIGINT"];
const listenersBefore = new Map(PROCESS_EVENTS.map((event) => [event, new Set(process.rawListeners(event))]));

afterAll(() => {
  process.umask(umaskBefore);
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  Object.assign(process.env, envBefore);
  for (const key of Reflect.ownKeys(globalThis).filter(isAppGlobal)) Reflect.deleteProperty(globalThis, key);
  for (const [key, value] of appGlobalsBefore) Reflect.set(globalThis, key, value);
  for (const event of PROCESS_EVENTS) {
    const before = listenersBefore.get(event);
    for (const listener of process.rawListeners(event)) {
      if (!before?.has(listener)) process.removeListener(event, listener as () => void);
    }
  }
});
