import { Link } from "react-router";
import studio from "#app/admin/studio.module.css";
import { formatPrice, holdWords, stateLabels } from "./edition-studio-words.ts";
import styles from "./editions.module.css";
import type { LedgerUnit } from "./ledger-page.server.ts";

/** Every print of the edition: its number, its state in words, its hold or sale, and a way to manage it. */
export function UnitTable({ slug, units, selected }: { slug: string; units: LedgerUnit[]; selected?: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.units}`} aria-label="Prints of the edition">
        <thead>
          <tr>
            <th scope="col">Print</th>
            <th scope="col">State</th>
            <th scope="col">Hold or sale</th>
            <th scope="col">
              <span className="visually-hidden">Manage</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {units.map((unit) => (
            <tr key={unit.key} className={unit.key === selected ? styles.selected : undefined}>
              <th scope="row">{unit.label}</th>
              <td>
                <span className={studio.chip} data-state={unit.state}>
                  {stateLabels[unit.state]}
                </span>
              </td>
              <td>
                <UnitFacts unit={unit} />
              </td>
              <td>
                <Link
                  to={`/admin/editions/${slug}?unit=${unit.key}#manage`}
                  aria-label={`Manage ${unit.label}`}
                  aria-current={unit.key === selected ? "true" : undefined}
                  preventScrollReset
                >
                  Manage
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UnitFacts({ unit }: { unit: LedgerUnit }) {
  if (unit.hold) {
    return (
      <>
        {holdWords({ holderName: unit.hold.holderName, until: unit.hold.until })}
        {unit.hold.enquiryId ? (
          <>
            {" · "}
            <Link to={`/admin/enquiries/${unit.hold.enquiryId}`}>from an enquiry</Link>
          </>
        ) : null}
      </>
    );
  }
  if (unit.sale) {
    const { collectorName, soldOn, priceMinor, currency, collectorPrivate } = unit.sale;
    return (
      <>
        Sold to {collectorName} on {soldOn} · {formatPrice(priceMinor, currency)}
        {collectorPrivate ? " · name kept private" : ""}
        {unit.owner ? <> · now owned by {unit.owner}</> : null}
      </>
    );
  }
  return <span className={`${styles.muted} ${styles.none}`}>—</span>;
}
