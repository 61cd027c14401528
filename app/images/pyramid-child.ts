import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/**
 * The tiling itself, run in a short-lived child process (decision 026): libvips holds a few
 * hundred MB while it tiles a 6000 px image, and in the server process glibc kept most of it
 * afterwards (RSS +175 MB for good after a burst of builds); a child's memory is returned when
 * it exits. Costs about 0.1 s per pyramid to start Node and load sharp. Plain CommonJS, so it
 * needs nothing from the build.
 */
const CHILD_SOURCE = `
const [parent, sharpPath, mode, source, output, format, quality, size, overlap, limit] = process.argv.slice(1);
// A server killed with -9 cannot end its children: one whose parent is gone stops at once
// rather than writing into a folder the next start is clearing (SIGKILL: exit() waits for
// libvips threads that are still writing tiles). The parent's pid comes from the parent: a
// server killed while this process was still starting is already gone when it could ask.
const orphaned = () => process.ppid !== Number(parent);
if (orphaned()) process.kill(process.pid, "SIGKILL");
setInterval(() => { if (orphaned()) process.kill(process.pid, "SIGKILL"); }, 200).unref();
const sharp = require(sharpPath);
// Loading sharp takes a while, and a parent killed just as this process started may only be gone now.
if (orphaned()) process.kill(process.pid, "SIGKILL");
sharp.concurrency(1);
const chunks = [];
const input = mode === "svg"
  ? new Promise((resolve) => { process.stdin.on("data", (c) => chunks.push(c)); process.stdin.on("end", () => resolve(sharp(Buffer.concat(chunks)))); })
  : Promise.resolve(sharp(source, { limitInputPixels: Number(limit) }).rotate());
input
  .then((image) => {
    // The last look before the first tile is written.
    if (orphaned()) process.kill(process.pid, "SIGKILL");
    return image.flatten({ background: "#0e0d0c" })
      .toFormat(format, { quality: Number(quality) })
      .tile({ size: Number(size), overlap: Number(overlap), layout: "dz", container: "fs" })
      .toFile(output);
  })
  .then(() => process.exit(0), (error) => { process.stderr.write(String((error && error.message) || error)); process.exit(1); });
`;

export interface TileJob {
  /** A real original's path, or a stand-in's SVG drawing. */
  input: { file: string; maxPixels: number } | { svg: string };
  /** `<dir>/image.dz`: libvips writes `<dir>/image.dzi` and `<dir>/image_files/`. */
  output: string;
  format: string;
  quality: number;
  size: number;
  overlap: number;
}

let sharpPath: string | undefined;

/** Children tiling now: ended with the server, so a stopped server leaves no work running. */
const running = new Set<ReturnType<typeof spawn>>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Tiles `job.input` into a Deep Zoom pyramid at `job.output` in a child process. */
export function tileInChild(job: TileJob): Promise<void> {
  sharpPath ??= createRequire(import.meta.url).resolve("sharp");
  const file = "file" in job.input ? job.input.file : "";
  const maxPixels = "file" in job.input ? job.input.maxPixels : 0;
  const args = [
    String(process.pid),
    sharpPath,
    "file" in job.input ? "file" : "svg",
    file,
    job.output,
    job.format,
    String(job.quality),
    String(job.size),
    String(job.overlap),
    String(maxPixels),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", CHILD_SOURCE, ...args], { stdio: ["pipe", "ignore", "pipe"] });
    running.add(child);
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString().slice(0, 2000);
    });
    child.on("error", (error) => {
      running.delete(child);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`tiling ${file || "a stand-in"} failed (${signal ?? `exit ${code}`}): ${errors.trim()}`));
    });
    child.stdin.on("error", () => {}); // a child that failed early closes its input
    child.stdin.end("svg" in job.input ? job.input.svg : "");
  });
}
