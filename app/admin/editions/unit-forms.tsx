import styles from "./editions.module.css";
import { CheckField, LedgerForm, NoteField, type Refused, TextField } from "./ledger-fields.tsx";

interface FormProps {
  slug: string;
  unit: string;
  label: string;
  refused: Refused;
}

/** Holds the print for a collector until a day (or moves the hold's end, for the same email). */
export function HoldForm({
  slug,
  unit,
  label,
  refused,
  initial,
}: FormProps & { initial: { until: string; holderName?: string; holderEmail?: string; note?: string } }) {
  return (
    <LedgerForm slug={slug} intent="hold" unit={unit} refused={refused} label={`Hold ${label}`}>
      {(typed) => (
        <>
          <div className={styles.formGrid}>
            <TextField
              label="Hold until"
              hint="The end of that day (UTC); then the print is free again by itself."
              name="until"
              type="date"
              typed={typed}
              initial={initial.until}
              required
            />
            <TextField
              label="Collector's name"
              name="holderName"
              typed={typed}
              initial={initial.holderName}
              autoComplete="off"
              maxLength={200}
              required
            />
            <TextField
              label="Collector's email"
              name="holderEmail"
              type="email"
              typed={typed}
              initial={initial.holderEmail}
              autoComplete="off"
              maxLength={254}
              required
            />
            <NoteField label="Note (for the studio)" typed={typed} initial={initial.note} />
          </div>
          <button type="submit" className="button">
            Hold {label}
          </button>
        </>
      )}
    </LedgerForm>
  );
}

/** Records the sale: the collector, the date, the price, the invoice; a held print sells only to its holder. */
export function SaleForm({
  slug,
  unit,
  label,
  refused,
  initial,
}: FormProps & { initial: { soldOn: string; collectorName?: string; collectorEmail?: string } }) {
  return (
    <LedgerForm slug={slug} intent="sell" unit={unit} refused={refused} label={`Sell ${label}`}>
      {(typed) => (
        <>
          <div className={styles.formGrid}>
            <TextField
              label="Collector's name"
              name="collectorName"
              typed={typed}
              initial={initial.collectorName}
              autoComplete="off"
              maxLength={200}
              required
            />
            <TextField
              label="Collector's email"
              name="collectorEmail"
              type="email"
              typed={typed}
              initial={initial.collectorEmail}
              autoComplete="off"
              maxLength={254}
              required
            />
            <TextField label="Date of sale" name="soldOn" type="date" typed={typed} initial={initial.soldOn} required />
            <TextField
              label="Price"
              hint="Like 1200 or 1,200.00"
              name="price"
              inputMode="decimal"
              typed={typed}
              autoComplete="off"
              maxLength={30}
              required
            />
            <TextField
              label="Currency"
              hint="Three letters, like AUD"
              name="currency"
              typed={typed}
              initial="AUD"
              maxLength={3}
              autoComplete="off"
              required
            />
            <TextField
              label="Invoice reference"
              name="invoiceReference"
              typed={typed}
              autoComplete="off"
              maxLength={100}
            />
            <NoteField label="Note (for the studio)" typed={typed} />
            <CheckField
              label="Keep the collector's name private on the certificate"
              name="collectorPrivate"
              typed={typed}
            />
            <CheckField label="The collector may be named in the public provenance" name="ownerPublic" typed={typed} />
          </div>
          <button type="submit" className="button">
            Record Sale of {label}
          </button>
        </>
      )}
    </LedgerForm>
  );
}

/** A sold print's new owner; the first sale and the owners before stay on record. */
export function ResaleForm({ slug, unit, label, refused, today }: FormProps & { today: string }) {
  return (
    <LedgerForm slug={slug} intent="resell" unit={unit} refused={refused} label={`Resale of ${label}`}>
      {(typed) => (
        <>
          <div className={styles.formGrid}>
            <TextField
              label="New owner's name"
              name="ownerName"
              typed={typed}
              autoComplete="off"
              maxLength={200}
              required
            />
            <TextField
              label="New owner's email"
              hint="Optional"
              name="ownerEmail"
              type="email"
              typed={typed}
              autoComplete="off"
              maxLength={254}
            />
            <TextField label="Date acquired" name="acquiredOn" type="date" typed={typed} initial={today} required />
            <TextField
              label="Price"
              hint="Optional, with its currency"
              name="price"
              inputMode="decimal"
              typed={typed}
              autoComplete="off"
              maxLength={30}
            />
            <TextField
              label="Currency"
              hint="Three letters, like AUD"
              name="currency"
              typed={typed}
              maxLength={3}
              autoComplete="off"
            />
            <NoteField label="Note (for the studio)" typed={typed} />
            <CheckField
              label="Keep the new owner's name private on the certificate"
              name="ownerPrivate"
              typed={typed}
            />
            <CheckField label="The new owner may be named in the public provenance" name="ownerPublic" typed={typed} />
          </div>
          <button type="submit" className="button">
            Record Resale
          </button>
        </>
      )}
    </LedgerForm>
  );
}

/** One button: release the hold, take the print out of sale, or put it back. */
export function UnitButton({
  slug,
  unit,
  intent,
  refused,
  children,
}: {
  slug: string;
  unit: string;
  intent: "release" | "not-for-sale" | "for-sale" | "issue-certificate";
  refused: Refused;
  children: string;
}) {
  return (
    <LedgerForm slug={slug} intent={intent} unit={unit} refused={refused} label={children}>
      {() => (
        <button type="submit" className="button button-ghost">
          {children}
        </button>
      )}
    </LedgerForm>
  );
}
