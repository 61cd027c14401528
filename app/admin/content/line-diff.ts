/** One line of a diff: kept in both, only in the earlier text, or only in the later one. */
export interface DiffLine {
  kind: "same" | "removed" | "added";
  text: string;
}

/** Past this many lines on either side the diff is not worked out line by line (quadratic). */
export const MAX_DIFF_LINES = 4_000;

/**
 * The lines that differ between two texts, in order (a longest-common-subsequence diff, the kind
 * `diff` prints): what a revision changed, shown under "Advanced" beside the history. Undefined
 * when either text is too long to compare this way.
 */
export function lineDiff(before: string, after: string): DiffLine[] | undefined {
  const a = before.split("\n");
  const b = after.split("\n");
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) return undefined;
  return sequenceDiff(a, b).map((step) => ({
    kind: step.kind,
    text: (step.kind === "added" ? b[step.after] : a[step.before]) as string,
  }));
}

/** One step of a sequence diff, by position: `before` in the earlier list, `after` in the later one. */
export type DiffStep =
  | { kind: "same"; before: number; after: number }
  | { kind: "removed"; before: number; after: number }
  | { kind: "added"; before: number; after: number };

/**
 * The longest-common-subsequence alignment of two lists of keys (lines, words, a list's items as
 * text): each step keeps, removes or adds one item. `after` of a removed step (and `before` of an
 * added one) is where the other list stands at that point. Quadratic: callers bound the lengths.
 */
export function sequenceDiff(a: readonly string[], b: readonly string[]): DiffStep[] {
  // common[i][j]: the longest common run of a[i..] and b[j..], one row at a time from the end.
  const common: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = common[i] as Uint32Array;
    const next = common[i + 1] as Uint32Array;
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
    }
  }
  const steps: DiffStep[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) steps.push({ kind: "same", before: i++, after: j++ });
    else if ((common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0))
      steps.push({ kind: "removed", before: i++, after: j });
    else steps.push({ kind: "added", before: i, after: j++ });
  }
  while (i < a.length) steps.push({ kind: "removed", before: i++, after: j });
  while (j < b.length) steps.push({ kind: "added", before: i, after: j++ });
  return steps;
}
