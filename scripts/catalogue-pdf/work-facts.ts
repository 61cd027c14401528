/**
 * The facts a work's label prints, read from its catalogue description's "Additional information"
 * lines (content/works/<slug>.md: "Medium: ...", "Printed size: 200 x 140 cm", "Edition: 1 of 1").
 */

/** The "Description:" section of a catalogue description, without its label or the later sections. */
export function descriptionSection(description: string): string {
  const body = description.replace(/^\s*Description:\s*/i, "").split(/\n\s*[A-Z][A-Za-z -]*information:/)[0] ?? "";
  return body.replace(/\s+/g, " ").trim();
}

/** One "Name: value" line of the description, e.g. `fact(d, "Medium")`. */
export function fact(description: string, name: string): string | undefined {
  const match = new RegExp(`^\\s*${name}:\\s*(.+?)\\s*$`, "im").exec(description);
  return match?.[1];
}

const EIGHTHS = ["", " 1/8", " 1/4", " 3/8", " 1/2", " 5/8", " 3/4", " 7/8"];

/** Centimetres as inches to the nearest eighth, as a printer states them: 200 -> "78 3/4". */
export function inches(cm: number): string {
  const eighths = Math.round((cm / 2.54) * 8);
  return `${Math.floor(eighths / 8)}${EIGHTHS[eighths % 8]}`;
}

/** "200 x 140 cm" -> "200 x 140 cm (78 3/4 x 55 1/8 in)"; other text is returned as it is. */
export function printedSize(text: string): string {
  const match = /^(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*cm$/i.exec(text.trim());
  if (!match) return text;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return `${width} x ${height} cm (${inches(width)} x ${inches(height)} in)`;
}
