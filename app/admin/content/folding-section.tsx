import type { ReactNode } from "react";
import styles from "./document-form.module.css";
import type { DrawContext } from "./document-form-scalars.tsx";

/**
 * The folds of the editor's long forms: a <details> per group of the document (a section) and
 * per item of a list of groups (a block, a card), so they fold without JavaScript. Each starts
 * open: a redrawn form (after Save or Add, with or without JavaScript) shows every field, and a
 * group with a problem is never hidden (fold-memory.ts re-folds what the studio folded, but not that).
 */

/** Whether a field at or under `name` has a problem. */
function hasProblem(name: string, context: DrawContext): boolean {
  return Object.keys(context.errors).some((field) => field === name || field.startsWith(`${name}.`));
}

export function FoldingSection({
  name,
  label,
  count,
  context,
  children,
}: {
  name: string;
  label: string;
  count?: string;
  context: DrawContext;
  children: ReactNode;
}) {
  const problem = hasProblem(name, context);
  return (
    <details open className={styles.section} data-fold={name} data-problem={problem ? "" : undefined}>
      <summary className={styles.sectionHead}>
        <h3 className={styles.sectionTitle}>{label}</h3>
        {count ? <span className={styles.hint}>{count}</span> : null}
        {problem ? <span className={styles.error}>Needs a fix</span> : null}
      </summary>
      {children}
    </details>
  );
}

/** One item of a list: folds when it is a group of fields, its first words in the summary. */
export function FoldingItem({
  name,
  label,
  value,
  folds,
  context,
  children,
}: {
  name: string;
  label: string;
  value: unknown;
  folds: boolean;
  context: DrawContext;
  children: ReactNode;
}) {
  if (!folds) return <>{children}</>;
  const problem = hasProblem(name, context);
  const words = firstWords(value);
  return (
    <details open className={styles.itemFold} data-problem={problem ? "" : undefined}>
      <summary className={styles.itemHead}>
        <span className={styles.itemTitle}>{label}</span>
        {words ? <span className={styles.hint}>{words}</span> : null}
        {problem ? <span className={styles.error}>Needs a fix</span> : null}
      </summary>
      {children}
    </details>
  );
}

/** The first text of an item (its title, heading or words), cut to a line, to tell folded items apart. */
export function firstWords(value: unknown, limit = 60): string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "";
  for (const [key, entry] of Object.entries(value)) {
    if (key === "type" || typeof entry !== "string") continue;
    const text = entry.replace(/\s+/g, " ").trim();
    // A bare address or image reference tells the studio less than the next field.
    if (!text || (/^[\w./-]+$/.test(text) && text.includes("/"))) continue;
    return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
  }
  return "";
}
