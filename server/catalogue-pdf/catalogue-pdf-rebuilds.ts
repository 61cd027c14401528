import fs from "node:fs";
import path from "node:path";
import type { CataloguePdfStatus } from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import { cataloguePdfEtag } from "./catalogue-pdf-etag.ts";
import type { CataloguePdfTarget } from "./catalogue-pdf-target.ts";

/** Prints `target` to `out` (atomically: the previous file or the whole new one); rejects with the reason. */
export type BuildCataloguePdf = (target: Extract<CataloguePdfTarget, { job: unknown }>, out: string) => Promise<void>;

/** The PDF a request gets: the newest ready one. */
export interface ServedCataloguePdf {
  file: string;
  bytes: number;
  modified: Date;
  /** Changes whenever the file served changes. */
  etag: string;
}

/** The newest ready PDF of this data folder, as every process on it reads it. */
interface Pointer {
  fingerprint: string;
  file: string;
  builtAt: string;
}

interface Failure {
  fingerprint: string;
  reason: string;
  at: string;
}

const POINTER = "catalogue-pdf.json";
const FAILURE = "catalogue-pdf-failure.json";
const LOCK = "catalogue-pdf.lock";
const PDF_NAME = /^catalogue-([0-9a-z-]+)\.pdf$/;

export interface RebuildOptions {
  /** DATA_DIR/files: the PDFs, the pointer to the newest, the lock. */
  dir: string;
  /** The build's copy (build/client/files/...): served until a rebuilt one is ready. */
  buildCopy: string;
  build: BuildCataloguePdf;
  /** How often another process's lock and the pointer are looked at again. */
  pollMs?: number;
  onBuilt?: (info: { fingerprint: string; bytes: number; ms: number }) => void;
  onFailed?: (reason: string) => void;
}

/**
 * Keeps the catalogue PDF on the published content (decision 044). `want` is called with each
 * published version's target; a rebuild runs in the background (the build function spawns a
 * child process), one at a time per data folder (a lock file there), and the newest content
 * wins: targets arriving during a build make one more build after it, not one each. Each PDF
 * is written as `catalogue-<fingerprint>.pdf`, then the pointer file is replaced by a rename,
 * so every process on the folder switches to the whole new file at once; until then the
 * previous one is served. A failed build leaves the previous PDF served and says why.
 */
export class CataloguePdfRebuilds {
  readonly #options: RebuildOptions;
  #wanted: CataloguePdfTarget | undefined;
  /** The fingerprint of the content the build printed its copy for, once seen. */
  #buildFingerprint: string | undefined;
  #matchesBuild = false;
  #running: Promise<void> | undefined;
  #served: ServedCataloguePdf | undefined;
  #servedKey = "";
  #pointerStamp = "";
  #pointer: Pointer | undefined;
  #failure: Failure | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #listeners = new Set<() => void>();

  constructor(options: RebuildOptions) {
    this.#options = options;
    fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    this.#removeLeftovers();
    this.#refresh();
    // Another process on this data folder may finish a rebuild: its pointer is read again.
    this.#timer = setInterval(() => this.#refresh(), options.pollMs ?? 2000);
    this.#timer.unref();
  }

  /**
   * Whether the content served is the build's (its copy is right), said at once with each
   * published version, before its target is worked out.
   */
  servesBuildContent(matchesBuild: boolean): void {
    this.#matchesBuild = matchesBuild;
    this.#refresh();
  }

  /** The published content's target; `matchesBuild`: the content is the build's, whose copy is right. */
  want(target: CataloguePdfTarget, matchesBuild: boolean): void {
    this.#wanted = target;
    this.#matchesBuild = matchesBuild;
    if (matchesBuild) this.#buildFingerprint = target.fingerprint;
    this.#refresh();
    // Content the book cannot print (a character outside its fonts): said in the editor as a failure.
    if ("problem" in target && this.#failure?.fingerprint !== target.fingerprint)
      this.#writeJson(FAILURE, {
        fingerprint: target.fingerprint,
        reason: target.problem,
        at: new Date().toISOString(),
      });
    if (!this.#satisfied(target)) this.#running ??= this.#run().finally(() => (this.#running = undefined));
  }

  /** The PDF to send now: never undefined once the build wrote its copy. */
  served(): ServedCataloguePdf | undefined {
    return this.#served;
  }

  status(): CataloguePdfStatus {
    this.#refresh();
    const wanted = this.#wanted?.fingerprint;
    const failure = this.#failure && this.#failure.fingerprint === wanted ? this.#failure : undefined;
    const usesPointer = this.#pointer !== undefined && this.#served?.file === this.#pointerFile(this.#pointer);
    return {
      served: this.#served,
      rebuiltAt: usesPointer && this.#pointer ? new Date(this.#pointer.builtAt) : undefined,
      rebuilding: this.#running !== undefined || this.#lockHolder() !== undefined,
      failure: failure ? { reason: failure.reason, at: new Date(failure.at) } : undefined,
    };
  }

  /** Called when the PDF served changes (pages stating its size are rendered again). */
  onServedChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves when no rebuild is running in this process (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** No more rebuilds nor polling; a print under way ends with the server (its child is killed). */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
  }

  /**
   * A print stopped by a kill leaves its job and a temporary PDF (hidden files): removed at
   * start while no live process of this folder is printing.
   */
  #removeLeftovers(): void {
    if (this.#lockHolder() !== undefined) return;
    for (const name of fs.readdirSync(this.#options.dir))
      if (name.startsWith(".")) fs.rmSync(path.join(this.#options.dir, name), { force: true });
  }

  #satisfied(target: CataloguePdfTarget): boolean {
    if (target.fingerprint === this.#buildFingerprint) return true;
    if (this.#pointer?.fingerprint === target.fingerprint) return true;
    // Nothing to print, or this very content failed already: wait for the next change.
    return "problem" in target || this.#failure?.fingerprint === target.fingerprint;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      const target = this.#wanted;
      this.#refresh();
      if (!target || this.#satisfied(target)) return;
      if ("problem" in target) return;
      const file = path.join(this.#options.dir, `catalogue-${target.fingerprint}.pdf`);
      // Printed before (the content went back to an earlier state): point at it again.
      if (fs.existsSync(file)) {
        this.#point(target.fingerprint, file);
        continue;
      }
      if (!this.#lock()) {
        // Another process on this folder is printing: look again when it may be done.
        await new Promise((resolve) => setTimeout(resolve, this.#options.pollMs ?? 2000));
        continue;
      }
      const started = performance.now();
      try {
        await this.#options.build(target, file);
        const { size } = fs.statSync(file);
        this.#point(target.fingerprint, file);
        fs.rmSync(path.join(this.#options.dir, FAILURE), { force: true });
        this.#options.onBuilt?.({
          fingerprint: target.fingerprint,
          bytes: size,
          ms: Math.round(performance.now() - started),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.#writeJson(FAILURE, { fingerprint: target.fingerprint, reason, at: new Date().toISOString() });
        this.#options.onFailed?.(reason);
      } finally {
        this.#unlock();
        this.#refresh();
      }
    }
  }

  /** Makes `file` the newest ready PDF, and removes the ones older than the one it replaces. */
  #point(fingerprint: string, file: string): void {
    const previous = this.#pointer ? this.#pointerFile(this.#pointer) : undefined;
    this.#writeJson(POINTER, { fingerprint, file: path.basename(file), builtAt: new Date().toISOString() });
    this.#refresh();
    // The previous one is kept (a download of it may be under way); older ones go.
    for (const name of fs.readdirSync(this.#options.dir)) {
      const full = path.join(this.#options.dir, name);
      if (PDF_NAME.test(name) && full !== file && full !== previous) fs.rmSync(full, { force: true });
    }
  }

  #pointerFile(pointer: Pointer): string {
    return path.join(this.#options.dir, path.basename(pointer.file));
  }

  /** Reads the pointer and the failure again when they changed, and decides what is served. */
  #refresh(): void {
    this.#pointer = this.#readJson<Pointer>(POINTER);
    this.#failure = this.#readJson<Failure>(FAILURE);
    const wanted = this.#wanted?.fingerprint;
    const useBuildCopy =
      !this.#pointer || this.#matchesBuild || (wanted !== undefined && wanted === this.#buildFingerprint);
    const file = useBuildCopy || !this.#pointer ? this.#options.buildCopy : this.#pointerFile(this.#pointer);
    const served = servedFile(file) ?? (this.#pointer ? servedFile(this.#options.buildCopy) : undefined);
    const key = served ? served.etag : "";
    if (key === this.#servedKey) return;
    this.#served = served;
    this.#servedKey = key;
    for (const listener of this.#listeners) listener();
  }

  #readJson<T>(name: string): T | undefined {
    const file = path.join(this.#options.dir, name);
    let stamp: string;
    try {
      const stat = fs.statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    } catch {
      if (name === POINTER) this.#pointerStamp = "";
      return undefined;
    }
    if (name === POINTER && stamp === this.#pointerStamp) return this.#pointer as T | undefined;
    try {
      const value = JSON.parse(fs.readFileSync(file, "utf8")) as T;
      if (name === POINTER) this.#pointerStamp = stamp;
      return value;
    } catch {
      return undefined;
    }
  }

  /** Written to a temporary file and renamed: a reader sees the old or the new, never half. */
  #writeJson(name: string, value: unknown): void {
    const file = path.join(this.#options.dir, name);
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(value), { mode: 0o600 });
    fs.renameSync(temporary, file);
  }

  /** The pid of a live process holding this folder's lock, if any; a dead holder's lock is removed. */
  #lockHolder(): number | undefined {
    const file = path.join(this.#options.dir, LOCK);
    let pid: number;
    try {
      pid = Number(fs.readFileSync(file, "utf8"));
    } catch {
      return undefined;
    }
    if (pid === process.pid) return this.#running ? pid : undefined;
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return pid;
    fs.rmSync(file, { force: true });
    return undefined;
  }

  #lock(): boolean {
    this.#lockHolder();
    try {
      fs.writeFileSync(path.join(this.#options.dir, LOCK), String(process.pid), { flag: "wx", mode: 0o600 });
      return true;
    } catch {
      return false;
    }
  }

  #unlock(): void {
    fs.rmSync(path.join(this.#options.dir, LOCK), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function servedFile(file: string): ServedCataloguePdf | undefined {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return undefined;
    return {
      file,
      bytes: stat.size,
      modified: stat.mtime,
      etag: cataloguePdfEtag(stat),
    };
  } catch {
    return undefined;
  }
}
