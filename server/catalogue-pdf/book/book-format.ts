import { rgb } from "pdf-lib";
import type { FlowStyle } from "./layout-text.ts";

/**
 * The book's page and type: A4 portrait (210 x 297 mm), one text column of about 75 characters,
 * running head at the top, folio at the foot. Points (1/72 in).
 */
export const PAGE = { width: 595.28, height: 841.89 } as const;

export const MARGIN = {
  top: 86,
  bottom: 84,
  /** The text column is centred: 395 pt (139 mm) wide. */
  side: (PAGE.width - 395) / 2,
  /** Images and tables may use a wider measure than the prose. */
  wide: 56,
  runningHead: PAGE.height - 46,
  folio: 42,
} as const;

export const TEXT_WIDTH = PAGE.width - 2 * MARGIN.side;
export const WIDE_WIDTH = PAGE.width - 2 * MARGIN.wide;
/** The top of the text frame (a baseline offset of 0 is this line). */
export const FRAME_TOP = PAGE.height - MARGIN.top;
export const FRAME_HEIGHT = PAGE.height - MARGIN.top - MARGIN.bottom;

export const COLOR = {
  ink: rgb(0.11, 0.1, 0.09),
  muted: rgb(0.42, 0.4, 0.37),
  accent: rgb(0.6, 0.42, 0.14),
  rule: rgb(0.78, 0.76, 0.72),
  night: rgb(0.055, 0.05, 0.047),
  paper: rgb(0.95, 0.93, 0.89),
} as const;

export const BODY: FlowStyle = {
  width: TEXT_WIDTH,
  bodySize: 11,
  leading: 15.5,
  headingSize: 12.5,
  headingSpaceBefore: 14,
  headingSpaceAfter: 6,
  paragraphSpace: 5,
};

/** How far an essay's opening page drops its text below the title block. */
export const OPENING_DROP = 250;
