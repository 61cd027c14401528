import studio from "#app/admin/studio.module.css";
import styles from "./editions.module.css";
import { LedgerForm, type Refused, TextField } from "./ledger-fields.tsx";

interface EditionShape {
  kind: "unique" | "edition";
  size: number;
  artistProofs: number;
}

/**
 * Sets or changes the work's edition: unique, or an edition of N with artist's proofs. The
 * ledger refuses shrinking past a print that is sold or on hold, with a sentence saying which.
 */
export function EditionSettingsForm({
  slug,
  edition,
  refused,
}: {
  slug: string;
  edition: EditionShape | null;
  refused: Refused;
}) {
  return (
    <section aria-labelledby="edition-heading" className={studio.panel}>
      <h2 id="edition-heading" className={studio.sectionTitle}>
        {edition ? "Change the edition" : "Set the edition"}
      </h2>
      <LedgerForm slug={slug} intent="set-edition" refused={refused} label="The edition">
        {(typed) => {
          const kind = typed ? typed.kind : (edition?.kind ?? "edition");
          return (
            <>
              <fieldset className={styles.kinds}>
                <legend>This work is</legend>
                <label className={styles.choice}>
                  <input type="radio" name="kind" value="unique" defaultChecked={kind === "unique"} />
                  Unique (one of one)
                </label>
                <label className={styles.choice}>
                  <input type="radio" name="kind" value="edition" defaultChecked={kind !== "unique"} />
                  An edition of numbered prints
                </label>
              </fieldset>
              <div className={styles.formGrid}>
                <TextField
                  label="Prints in the edition"
                  hint="For an edition: 2 to 500."
                  name="size"
                  typed={typed}
                  initial={edition?.kind === "edition" ? String(edition.size) : ""}
                  inputMode="numeric"
                  type="number"
                  min={2}
                  max={500}
                />
                <TextField
                  label="Artist's proofs"
                  hint="0 to 50, numbered AP 1, AP 2…"
                  name="artistProofs"
                  typed={typed}
                  initial={String(edition?.artistProofs ?? 0)}
                  inputMode="numeric"
                  type="number"
                  min={0}
                  max={50}
                />
              </div>
              <button type="submit" className="button">
                Save Edition
              </button>
            </>
          );
        }}
      </LedgerForm>
    </section>
  );
}
