import { sequenceDiff } from "./line-diff.ts";

/** A run of a text diff: words kept in both, taken out, or put in. */
export interface WordPart {
  kind: "same" | "removed" | "added";
  text: string;
}

/** Past this many words and spaces between the shared start and end, a text is shown as replaced whole. */
export const MAX_DIFF_WORDS = 2_000;
/** Past this many paragraphs on either side, paragraphs are not aligned first. */
const MAX_PARAGRAPHS = 1_000;

/**
 * What changed between two texts, word by word (a longest-common-subsequence diff over words and
 * the spaces between them), with neighbouring words of one kind joined into one run: a paragraph
 * with one word changed reads as that word struck out and its replacement, not two paragraphs.
 * Paragraphs (Markdown's blank lines) are aligned first, so a long body with a few edits far
 * apart is compared paragraph by paragraph, never as one huge run of words.
 */
export function wordDiff(before: string, after: string): WordPart[] {
  const a = paragraphs(before);
  const b = paragraphs(after);
  const parts: WordPart[] = [];
  if ((a.length <= 1 && b.length <= 1) || a.length > MAX_PARAGRAPHS || b.length > MAX_PARAGRAPHS) {
    wordsInto(parts, before, after);
    return tidy(parts);
  }
  let removed: string[] = [];
  let added: string[] = [];
  // Changed paragraphs between two kept ones are compared in pairs, each with its counterpart.
  const flush = () => {
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) wordsInto(parts, removed[k] as string, added[k] as string);
    push(parts, "removed", removed.slice(paired).join(""));
    push(parts, "added", added.slice(paired).join(""));
    [removed, added] = [[], []];
  };
  for (const step of sequenceDiff(a, b)) {
    if (step.kind === "removed") removed.push(a[step.before] as string);
    else if (step.kind === "added") added.push(b[step.after] as string);
    else {
      flush();
      push(parts, "same", a[step.before] as string);
    }
  }
  flush();
  return tidy(parts);
}

/** A text cut after each blank line, so the pieces joined give it back. */
function paragraphs(text: string): string[] {
  return text.split(/(?<=\n[ \t]*\n)/);
}

function push(parts: WordPart[], kind: WordPart["kind"], text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The word diff of two texts, appended to `parts`. */
function wordsInto(parts: WordPart[], before: string, after: string): void {
  const a = tokens(before);
  const b = tokens(after);
  // The shared start and end need no alignment; only the middle is compared (the quadratic part).
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  push(parts, "same", a.slice(0, start).join(""));
  if (middleA.length > MAX_DIFF_WORDS || middleB.length > MAX_DIFF_WORDS) {
    push(parts, "removed", middleA.join(""));
    push(parts, "added", middleB.join(""));
  } else {
    for (const step of sequenceDiff(middleA, middleB))
      push(parts, step.kind, (step.kind === "added" ? middleB[step.after] : middleA[step.before]) as string);
  }
  push(parts, "same", a.slice(a.length - end).join(""));
}

/**
 * Words, the runs of space between them and each other mark on its own ("screen." is "screen" and
 * "."), so a word that gains a full stop reads as the stop added; joined, they give the text back.
 */
function tokens(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}\p{M}'’_-]+|[^\s\p{L}\p{N}\p{M}'’_-]/gu) ?? [];
}

/**
 * Changes with only spaces kept between them read as one replacement: "a b c" to "x y z" is
 * "a b c" struck out and "x y z" put in, not three words swapped one at a time.
 */
function tidy(parts: WordPart[]): WordPart[] {
  const tidied: WordPart[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed) tidied.push({ kind: "removed", text: removed });
    if (added) tidied.push({ kind: "added", text: added });
    removed = "";
    added = "";
  };
  parts.forEach((part, index) => {
    const between = index > 0 && index < parts.length - 1 && (removed || added) && /^\s+$/.test(part.text);
    if (part.kind === "removed") removed += part.text;
    else if (part.kind === "added") added += part.text;
    else if (between && parts[index + 1]?.kind !== "same") {
      const next = parts[index + 1]?.kind;
      if (removed || next === "removed") removed += part.text;
      if (added || next === "added") added += part.text;
    } else {
      flush();
      tidied.push(part);
    }
  });
  flush();
  return tidied;
}
