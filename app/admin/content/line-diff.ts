/** One line of a diff: kept in both, only in the earlier text, or only in the later one. */
export interface DiffLine {
  kind: "same" | "removed" | "added";
  text: string;
}

/** Past this many lines on either side the diff is not worked out line by line (quadratic). */
export const MAX_DIFF_LINES = 4_000;

/**
 * The lines that differ between two texts, in order (a longest-common-subsequence diff, the kind
 * `diff` prints): what a revision changed, shown beside the history. Undefined when either text
 * is too long to compare this way.
 */
export function lineDiff(before: string, after: string): DiffLine[] | undefined {
  const a = before.split("\n");
  const b = after.split("\n");
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) return undefined;
  // common[i][j]: the longest common run of a[i..] and b[j..], one row at a time from the end.
  const common: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = common[i] as Uint32Array;
    const next = common[i + 1] as Uint32Array;
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ kind: "same", text: a[i] as string });
      i++;
      j++;
    } else if ((common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0)) {
      lines.push({ kind: "removed", text: a[i++] as string });
    } else {
      lines.push({ kind: "added", text: b[j++] as string });
    }
  }
  while (i < a.length) lines.push({ kind: "removed", text: a[i++] as string });
  while (j < b.length) lines.push({ kind: "added", text: b[j++] as string });
  return lines;
}
