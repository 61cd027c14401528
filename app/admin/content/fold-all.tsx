import { type RefObject, useEffect, useState } from "react";
import styles from "./content-editor.module.css";

/**
 * "Fold all" and "Open all" for the form's sections. Buttons that only script can answer, so they
 * appear once the page's script runs; without it each section still folds by its heading.
 * A section holding a problem is not folded.
 */
export function FoldAll({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  if (!running) return null;
  const openAll = (open: boolean) => {
    for (const section of form.current?.querySelectorAll<HTMLDetailsElement>("details[data-fold]") ?? [])
      if (open || !section.hasAttribute("data-problem")) section.open = open;
  };
  return (
    <span className={styles.foldAll}>
      <button type="button" className="button button-ghost" onClick={() => openAll(false)}>
        Fold all sections
      </button>
      <button type="button" className="button button-ghost" onClick={() => openAll(true)}>
        Open all
      </button>
    </span>
  );
}
