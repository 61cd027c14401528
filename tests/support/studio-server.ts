import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContextOptions, test } from "@playwright/test";
import { type ServerProcess, startServer } from "./server-process.ts";
import { type EnrolledStudio, enrolStudio } from "./studio-sign-in.ts";

/** The two widths the studio's editor is checked at: a desktop, and a tablet used by touch. */
export const editorWidths: { name: string; options: BrowserContextOptions }[] = [
  { name: "1280", options: { viewport: { width: 1280, height: 800 } } },
  { name: "1024 with touch", options: { viewport: { width: 1024, height: 768 }, hasTouch: true } },
];

export interface StudioServer {
  readonly server: ServerProcess;
  readonly studio: EnrolledStudio;
  /** The server's DATA_DIR (its outbox, its keys). */
  readonly dataDir: string;
  /** A folder removed after the spec. */
  tempDir(): string;
}

/**
 * A spec's own server (its changes to the content must not reach the pages other specs read) on
 * E2E_PORT + `portOffset`, with the studio signed in and its authenticator enrolled, stopped and
 * cleaned up after the spec. Call at the top level of a spec; read the fields inside its tests.
 * `serverEnv`, when given, adds to the server's environment at start (a spec's own PostgreSQL
 * database, made then, for a spec that writes to the server's database itself).
 */
export function ownStudioServer(
  portOffset: number,
  name: string,
  serverEnv?: () => Promise<Record<string, string>>,
): StudioServer {
  const port = Number(process.env.E2E_PORT || 4173) + portOffset;
  let server: ServerProcess | undefined;
  let studio: EnrolledStudio | undefined;
  let dataDir: string | undefined;
  const folders: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `umbra-${name}-`));
    folders.push(dir);
    return dir;
  };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = tempDir();
    server = await startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WARM_IMAGES: "off",
      ...(await serverEnv?.()),
    });
    studio = await enrolStudio(
      server.url,
      { path: "/admin/content", heading: "Content" },
      path.join(tempDir(), "state.json"),
    );
  });

  test.afterAll(async () => {
    if (server) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The spec's ${what} is not there: did its beforeAll fail?`);
    return value;
  };
  return {
    get server() {
      return started(server, "server");
    },
    get studio() {
      return started(studio, "studio");
    },
    get dataDir() {
      return started(dataDir, "data folder");
    },
    tempDir,
  };
}
