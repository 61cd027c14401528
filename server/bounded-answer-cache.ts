import type { PreparedAnswer } from "./compressed-body.ts";

export interface AnswerCacheLimits {
  /** Most entries kept: every free-text search is its own entry. */
  maxEntries: number;
  /** Most bytes kept, counting every encoding of every body. */
  maxBytes: number;
}

function sizeOf(key: string, answer: PreparedAnswer): number {
  const { identity, br, gzip } = answer.body;
  return key.length * 2 + identity.length + (br?.length ?? 0) + (gzip?.length ?? 0);
}

/**
 * Prepared answers by key, bounded by entries and bytes: a new entry pushes out the least
 * recently used ones until both limits hold, so crafted requests (one search after another)
 * cannot fill memory. An answer larger than the byte limit is never kept.
 */
export class BoundedAnswerCache {
  private readonly entries = new Map<string, { answer: PreparedAnswer; bytes: number }>();
  private totalBytes = 0;

  constructor(private readonly limits: AnswerCacheLimits) {}

  get(key: string): PreparedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last, so eviction takes the coldest first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  set(key: string, answer: PreparedAnswer): void {
    const bytes = sizeOf(key, answer);
    this.delete(key);
    if (bytes > this.limits.maxBytes) return;
    this.entries.set(key, { answer, bytes });
    this.totalBytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.totalBytes <= this.limits.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }
}
