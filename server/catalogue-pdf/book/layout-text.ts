import type { TextBlock } from "./catalogue-texts.ts";

/** Width of `text` at `size` points in the body (serif) or heading face; the PDF fonts supply it. */
export type Measure = (text: string, size: number, face: "body" | "heading") => number;

export interface FlowStyle {
  /** The text column's width, points. */
  width: number;
  bodySize: number;
  leading: number;
  headingSize: number;
  /** Space above a heading (not at the top of a page) and below it. */
  headingSpaceBefore: number;
  headingSpaceAfter: number;
  paragraphSpace: number;
}

/** One set line: its words, where its baseline sits below the frame's top, and whether to justify it. */
export interface SetLine {
  face: "body" | "heading";
  words: string[];
  baseline: number;
  justify: boolean;
}

export type FlowPage = SetLine[];

/** Greedy line breaking by measured width; a word wider than the line gets a line of its own. */
export function breakLines(text: string, width: number, fits: (line: string) => boolean): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.length > 0 && !fits([...line, word].join(" "))) {
      lines.push(line);
      line = [word];
    } else {
      line.push(word);
    }
  }
  if (line.length > 0) lines.push(line);
  return width > 0 ? lines : [];
}

/**
 * Flows paragraphs and headings down pages of a fixed frame (the first page may have less room,
 * below an essay's title). Book rules: a heading keeps at least two lines of its paragraph with
 * it, a paragraph split across pages leaves at least two lines on each side (no widows or orphans),
 * and every line but a paragraph's last is justified.
 */
export function flowText(
  blocks: readonly TextBlock[],
  measure: Measure,
  style: FlowStyle,
  frame: { firstHeight: number; height: number },
): FlowPage[] {
  const pages: FlowPage[] = [[]];
  let height = frame.firstHeight;
  let cursor = 0;
  const page = () => pages[pages.length - 1] as FlowPage;
  const newPage = () => {
    pages.push([]);
    height = frame.height;
    cursor = 0;
  };
  const linesLeft = () => Math.floor((height - cursor) / style.leading);
  const setBody = (lines: string[][], last: boolean) => {
    lines.forEach((words, i) => {
      page().push({
        face: "body",
        words,
        baseline: cursor + style.bodySize,
        justify: !(last && i === lines.length - 1),
      });
      cursor += style.leading;
    });
  };

  blocks.forEach((block, index) => {
    const face = block.kind === "heading" ? "heading" : "body";
    const size = face === "heading" ? style.headingSize : style.bodySize;
    const lines = breakLines(block.text, style.width, (line) => measure(line, size, face) <= style.width);
    if (block.kind === "heading") {
      const next = blocks[index + 1];
      const headingHeight = lines.length * style.leading + style.headingSpaceAfter;
      const before = cursor > 0 ? style.headingSpaceBefore : 0;
      // The heading and two lines of what follows, or a fresh page.
      const needed = before + headingHeight + (next ? 2 * style.leading : 0);
      if (cursor > 0 && cursor + needed > height) newPage();
      else cursor += before;
      for (const words of lines) {
        page().push({ face: "heading", words, baseline: cursor + style.headingSize, justify: false });
        cursor += style.leading;
      }
      cursor += style.headingSpaceAfter;
      return;
    }
    if (cursor > 0 && blocks[index - 1]?.kind === "paragraph") cursor += style.paragraphSpace;
    let rest = lines;
    while (rest.length > 0) {
      const room = linesLeft();
      if (rest.length <= room) {
        setBody(rest, true);
        return;
      }
      // Split so that neither page holds a single line of the paragraph.
      let take = Math.min(room, rest.length - 2);
      if (take < 2) take = 0;
      if (take > 0) setBody(rest.slice(0, take), false);
      rest = rest.slice(take);
      if (take === 0 && cursor === 0) {
        // A frame too small for two lines: set what fits rather than loop.
        setBody(rest.slice(0, Math.max(1, room)), rest.length <= Math.max(1, room));
        rest = rest.slice(Math.max(1, room));
      }
      if (rest.length > 0) newPage();
    }
  });
  return pages;
}

/** Every word set, in order: what a test compares with the source text. */
export const setWords = (pages: readonly FlowPage[]) => pages.flat().flatMap((line) => line.words);
