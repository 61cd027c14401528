import type { ProvenanceEntry } from "#app/catalogue/work-label.ts";
import { ownersByPrint, type PublicOwner } from "#app/editions/public-owner.ts";
import styles from "./artwork-provenance.module.css";

/** How each kind of entry reads as a heading (the description's "Sale:" and "Fair:"). */
const KIND_HEADINGS: Record<ProvenanceEntry["kind"], string> = {
  Sale: "Auction sale",
  Fair: "Art fair",
};

/**
 * The work's provenance: its sales and fairs, each with its lines as written, then the owners the
 * edition ledger records, print by print (a private owner as a private collection). Nothing
 * when there are none.
 */
export function ArtworkProvenance({ entries, owners = [] }: { entries: ProvenanceEntry[]; owners?: PublicOwner[] }) {
  if (entries.length === 0 && owners.length === 0) return null;
  return (
    <section className={styles.provenance} aria-labelledby="provenance-heading">
      <h2 id="provenance-heading">Provenance</h2>
      <ol className={styles.entries}>
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are fixed content in file order.
          <li key={index}>
            <h3 className={styles.kind}>{KIND_HEADINGS[entry.kind]}</h3>
            <p className={styles.lines}>{entry.lines.join("\n")}</p>
          </li>
        ))}
        {ownersByPrint(owners).map((group) => (
          <li key={group.print ?? "unique"} data-testid="ledger-provenance">
            <h3 className={styles.kind}>{group.print ? `Print ${group.print}` : "Owners"}</h3>
            <p className={styles.lines}>{group.lines.join("\n")}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
