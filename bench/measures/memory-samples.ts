import fs from "node:fs";

/** One sample of a process's memory, from /proc (Linux), in MB. */
export interface MemorySample {
  at: number;
  rss: number;
  anon: number;
  file: number;
  /** The server plus its children (pyramid tiling, image encodes): what a cgroup's MemoryMax counts. */
  tree: number;
}

function statusFigures(pid: number): { rss: number; anon: number; file: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? 0) / 1024;
    return { rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile") };
  } catch {
    return null;
  }
}

/** The process ids under `pid` (children, grandchildren), from /proc. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const walk = (parent: number) => {
    let children: string[] = [];
    try {
      children = fs.readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      return;
    }
    for (const child of children.map(Number)) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

export function sampleMemory(pid: number): MemorySample | null {
  const own = statusFigures(pid);
  if (!own) return null;
  const children = descendants(pid).map((child) => statusFigures(child)?.rss ?? 0);
  return { at: performance.now(), ...own, tree: own.rss + children.reduce((a, b) => a + b, 0) };
}

/** Samples every `everyMs` until stopped; the peak and the samples of each named phase. */
export class MemoryRecorder {
  readonly samples: Array<MemorySample & { phase: string }> = [];
  phase = "start";
  private timer: NodeJS.Timeout;
  constructor(
    readonly pid: number,
    everyMs = 100,
  ) {
    this.timer = setInterval(() => this.take(), everyMs);
  }
  take(): MemorySample | null {
    const sample = sampleMemory(this.pid);
    if (sample) this.samples.push({ ...sample, phase: this.phase });
    return sample;
  }
  stop() {
    clearInterval(this.timer);
  }
  peak(key: keyof Omit<MemorySample, "at"> = "rss", phase?: string): number {
    const of = phase ? this.samples.filter((s) => s.phase === phase) : this.samples;
    return Math.max(0, ...of.map((s) => s[key]));
  }
  last(): MemorySample | undefined {
    return this.samples.at(-1);
  }
}
