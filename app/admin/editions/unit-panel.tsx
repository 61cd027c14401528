import { Link } from "react-router";
import studio from "#app/admin/studio.module.css";
import { formatPrice, holdWords, stateLabels } from "./edition-studio-words.ts";
import styles from "./editions.module.css";
import type { Refused } from "./ledger-fields.tsx";
import type { LedgerPageData } from "./ledger-page.server.ts";
import { UnitCertificates } from "./unit-certificates.tsx";
import { HoldForm, ResaleForm, SaleForm, UnitButton } from "./unit-forms.tsx";

type Selected = NonNullable<LedgerPageData["selected"]>;

/** The chosen print: its record, and the forms its state allows (hold, sell, release, resale…). */
export function UnitPanel({
  slug,
  unit,
  refused,
  today,
  holdDefault,
}: {
  slug: string;
  unit: Selected;
  refused: Refused;
  today: string;
  holdDefault: string;
}) {
  const shared = { slug, unit: unit.key, label: unit.label, refused };
  return (
    <section id="manage" aria-labelledby="manage-heading" className={`${studio.panel} ${styles.manage}`} tabIndex={-1}>
      <h2 id="manage-heading" className={studio.sectionTitle}>
        {unit.label} · {stateLabels[unit.state]}
      </h2>
      <div className={styles.panelForms}>
        {unit.state === "available" ? (
          <>
            <div>
              <h3>Hold for a collector</h3>
              <HoldForm {...shared} initial={{ until: holdDefault }} />
            </div>
            <div>
              <h3>Record a sale</h3>
              <SaleForm {...shared} initial={{ soldOn: today }} />
            </div>
            <UnitButton slug={slug} unit={unit.key} intent="not-for-sale" refused={refused}>
              Mark Not for Sale
            </UnitButton>
          </>
        ) : null}
        {unit.state === "held" && unit.hold ? (
          <>
            <p>
              {holdWords(unit.hold)} ({unit.hold.holderEmail}).
              {unit.hold.note ? ` ${unit.hold.note}` : ""}
              {unit.hold.enquiryId ? (
                <>
                  {" "}
                  <Link to={`/admin/enquiries/${unit.hold.enquiryId}`}>Open the enquiry</Link>
                </>
              ) : null}
            </p>
            <UnitButton slug={slug} unit={unit.key} intent="release" refused={refused}>
              Release Hold
            </UnitButton>
            <div>
              <h3>Record the sale to {unit.hold.holderName}</h3>
              <SaleForm
                {...shared}
                initial={{ soldOn: today, collectorName: unit.hold.holderName, collectorEmail: unit.hold.holderEmail }}
              />
            </div>
            <div>
              <h3>Change the hold</h3>
              <HoldForm
                {...shared}
                initial={{
                  until: holdDefault,
                  holderName: unit.hold.holderName,
                  holderEmail: unit.hold.holderEmail,
                  note: unit.hold.note,
                }}
              />
            </div>
          </>
        ) : null}
        {unit.state === "sold" ? (
          <>
            <SaleRecord record={unit.record} />
            <UnitCertificates slug={slug} unit={unit.key} certificates={unit.certificates} refused={refused} />
            <div>
              <h3>Record a resale</h3>
              <ResaleForm {...shared} today={today} />
            </div>
          </>
        ) : null}
        {unit.state === "not-for-sale" ? (
          <UnitButton slug={slug} unit={unit.key} intent="for-sale" refused={refused}>
            Put Back on Sale
          </UnitButton>
        ) : null}
      </div>
    </section>
  );
}

function SaleRecord({ record }: { record: Selected["record"] }) {
  const sale = record?.sale;
  if (!sale) return null;
  return (
    <div>
      <h3>Sale record</h3>
      <dl className={styles.record}>
        <dt>Collector</dt>
        <dd>
          {sale.collectorName} ({sale.collectorEmail})
          {sale.collectorPrivate ? " · name kept private on the certificate" : ""}
        </dd>
        <dt>Date</dt>
        <dd>{sale.soldOn}</dd>
        <dt>Price</dt>
        <dd>{formatPrice(sale.priceMinor, sale.currency)}</dd>
        {sale.invoiceReference ? (
          <>
            <dt>Invoice</dt>
            <dd>{sale.invoiceReference}</dd>
          </>
        ) : null}
        {sale.note ? (
          <>
            <dt>Note</dt>
            <dd>{sale.note}</dd>
          </>
        ) : null}
        <dt>Owners</dt>
        <dd>
          {(record?.owners ?? [])
            .map(
              (owner) =>
                `${owner.ownerName} (${owner.acquiredOn}${owner.private ? ", private on the certificate" : ""}${owner.publicProvenance ? ", named in the public provenance" : ""})`,
            )
            .join(" → ")}
        </dd>
      </dl>
    </div>
  );
}
