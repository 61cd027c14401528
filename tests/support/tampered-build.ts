import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A copy of this checkout's production build in a temporary folder (about 17 MB), with `tamper`
 * applied to some prerendered pages' HTML, as if something had got into them at build. The server started on it reads the build as `node server.js` does.
 */
export function tamperedBuild(tamper: Record<string, (html: string) => string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-tampered-"));
  fs.cpSync(path.resolve("build"), path.join(dir, "build"), { recursive: true });
  for (const file of ["server.js", "package.json"]) fs.copyFileSync(path.resolve(file), path.join(dir, file));
  // Packages, and the database migrations the server applies at start (app/db/migrations).
  for (const shared of ["node_modules", "app"]) fs.symlinkSync(path.resolve(shared), path.join(dir, shared), "dir");
  for (const [route, change] of Object.entries(tamper)) {
    const page = path.join(dir, "build", "client", route, "index.html");
    fs.writeFileSync(page, change(fs.readFileSync(page, "utf8")));
  }
  return dir;
}

export interface TamperedServer {
  url: string;
  stop: () => Promise<void>;
}

/** `node server.js` in `dir` on `port`, resolved once it listens. */
export async function startServerIn(dir: string, port: number): Promise<TamperedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-tampered-data-"));
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      CONTENT_DIR: path.resolve("content"),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WARM_IMAGES: "off",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 100_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"Umbra is serving')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  await started.catch(async (error) => {
    await stop();
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop,
  };
}
