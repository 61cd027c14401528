import { ownEntry } from "#app/security/own-entry.ts";
/**
 * A work's description (the body of content/works/<slug>.md) read as a museum label
 * (docs/decisions/022): the prose, the "Additional information:" facts and the provenance.
 * Pure, so the rules are tested without the catalogue.
 *
 *   Description:               -> prose (paragraphs, line breaks kept)
 *   Additional information:    -> facts: Medium, Printed size, Edition; other keys kept as they are
 *   Sale: / Fair:              -> provenance entries, their lines kept
 *
 * Text before any heading is prose too; a line that only looks like a heading but is not one of
 * these stays in the prose, so nothing the artist wrote is lost.
 */

export interface PrintedSize {
  widthCm: number;
  heightCm: number;
}

export interface Edition {
  /** Works in the edition: 1 for a unique work. */
  size: number;
  /** The description's own words, e.g. "1 of 8". */
  text: string;
}

export interface ProvenanceEntry {
  kind: "Sale" | "Fair";
  lines: string[];
}

export interface WorkLabel {
  /** Paragraphs of the description; each keeps its line breaks as "\n". */
  prose: string[];
  medium?: string;
  /** Undefined when the description states no size it can be read from. */
  printedSize?: PrintedSize;
  /** A printed size the rule cannot read, kept in the description's words. */
  printedSizeText?: string;
  edition?: Edition;
  provenance: ProvenanceEntry[];
  /** Additional-information lines with keys this module does not know, in their order. */
  otherFacts: { key: string; value: string }[];
}

type Section = "prose" | "facts" | ProvenanceEntry["kind"];

const HEADINGS: Record<string, Section> = {
  description: "prose",
  "additional information": "facts",
  sale: "Sale",
  fair: "Fair",
};

/** "Description:" or "Sale: Sotheby's ..." (a heading with its first line on the same line). */
const HEADING_LINE = /^([A-Za-z][A-Za-z ]{1,30}?)\s*:\s*(.*)$/;
const FACT_LINE = /^([^:]{1,40}?)\s*:\s*(.+)$/;
const SIZE_CM = /^(\d{1,4}(?:\.\d+)?)\s*[x×]\s*(\d{1,4}(?:\.\d+)?)\s*cm$/i;
const EDITION = /^(?:(\d{1,4})\s+of\s+)?(\d{1,4})$/i;
/** Keys the label shows elsewhere (the record's own year). */
const SHOWN_ELSEWHERE = new Set(["year"]);

const squash = (text: string) => text.replace(/[ \t]+/g, " ").trim();

export function parseWorkLabel(description: string): WorkLabel {
  const label: WorkLabel = { prose: [], provenance: [], otherFacts: [] };
  const proseLines: string[] = [];
  let section: Section = "prose";
  let entry: ProvenanceEntry | undefined;

  for (const raw of description.replace(/\r\n?/g, "\n").split("\n")) {
    const line = squash(raw);
    const heading = HEADING_LINE.exec(line);
    const known = heading ? ownEntry(HEADINGS, squash(heading[1] ?? "").toLowerCase()) : undefined;
    // "Look for the figure: ..." is prose; only the known headings open a section.
    if (heading && known) {
      section = known;
      if (section === "prose" && proseLines.length > 0) proseLines.push("");
      entry = undefined;
      if (section === "Sale" || section === "Fair") {
        entry = { kind: section, lines: [] };
        label.provenance.push(entry);
      }
      const rest = heading[2] ?? "";
      if (!rest) continue;
      addLine(rest);
      continue;
    }
    addLine(line);
  }
  label.prose = paragraphs(proseLines);
  return label;

  function addLine(line: string) {
    if (section === "prose") proseLines.push(line);
    else if (section === "facts") addFact(label, line, proseLines);
    else if (line) entry?.lines.push(line);
  }
}

function addFact(label: WorkLabel, line: string, proseLines: string[]) {
  if (!line) return;
  const fact = FACT_LINE.exec(line);
  if (!fact) {
    // A sentence among the facts is still the artist's text.
    proseLines.push("", line);
    return;
  }
  const key = squash(fact[1] ?? "");
  const value = squash(fact[2] ?? "");
  const name = key.toLowerCase();
  if (name === "medium") label.medium = value;
  else if (name === "printed size" || name === "size") {
    const size = SIZE_CM.exec(value);
    if (size) label.printedSize = { widthCm: Number(size[1]), heightCm: Number(size[2]) };
    else label.printedSizeText = value;
  } else if (name === "edition") {
    const edition = EDITION.exec(value);
    label.edition = { size: edition ? Number(edition[2]) : Number.NaN, text: value };
  } else if (!SHOWN_ELSEWHERE.has(name)) label.otherFacts.push({ key, value });
}

/** Blank lines split paragraphs; runs of blank lines and blank edges disappear. */
function paragraphs(lines: string[]): string[] {
  return lines
    .join("\n")
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Every work is printed at this size unless its description says otherwise (SPEC.md). */
export const CATALOGUE_PRINTED_SIZE: PrintedSize = { widthCm: 200, heightCm: 140 };

const CM_PER_INCH = 2.54;

/**
 * "78 x 55 in (200 x 140 cm)": whole inches rounded down, as SPEC.md and the issue write the
 * catalogue's fixed size (200 cm is 78.7 in, 140 cm is 55.1 in).
 */
export function printedSizeText(size: PrintedSize): string {
  const inches = (cm: number) => Math.floor(cm / CM_PER_INCH);
  return `${inches(size.widthCm)} x ${inches(size.heightCm)} in (${size.widthCm} x ${size.heightCm} cm)`;
}

/**
 * The label with the edition the studio's ledger records (issue 40), which the description's
 * "Edition:" line may contradict; the label as it is when the ledger has none for the work.
 */
export function withLedgerEdition(label: WorkLabel, ledgerSize: number | undefined): WorkLabel {
  if (ledgerSize === undefined) return label;
  return { ...label, edition: { size: ledgerSize, text: ledgerSize === 1 ? "1 of 1" : `Edition of ${ledgerSize}` } };
}

/** "Unique" for an edition of 1, "Edition of 8" otherwise; the description's words if unreadable. */
export function editionText(edition: Edition): string {
  if (!Number.isFinite(edition.size) || edition.size < 1) return edition.text;
  return edition.size === 1 ? "Unique" : `Edition of ${edition.size}`;
}

/** The first line of the prose, for meta descriptions. */
export function labelSummary(label: WorkLabel): string | undefined {
  return label.prose[0]?.split("\n")[0]?.trim() || undefined;
}
