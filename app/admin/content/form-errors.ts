/**
 * A refused publish's message (ContentError: one problem a line, `database/<path>: <field>:
 * <what>`) split into the problems of this document's fields, by field name as the form names
 * them (`blocks.3.paragraphs.0`), and the rest (another document's, or the whole file's), which
 * the page lists above the form.
 */
export interface FieldProblems {
  byField: Record<string, string>;
  other: string[];
}

export function fieldProblems(message: string, path: string): FieldProblems {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const line of message.split("\n")) {
    if (!line.trim()) continue;
    const own = [`database/${path}: `, `${path}: `].find((prefix) => line.startsWith(prefix));
    if (!own) {
      other.push(line.replace(/^database\//, ""));
      continue;
    }
    const rest = line.slice(own.length);
    const colon = rest.indexOf(": ");
    const field = colon > 0 ? rest.slice(0, colon) : "";
    if (!field || field === "(file)" || field.includes(" ")) {
      other.push(rest);
      continue;
    }
    const problem = rest.slice(colon + 2);
    byField[field] = byField[field] ? `${byField[field]}; ${problem}` : problem;
  }
  return { byField, other };
}
