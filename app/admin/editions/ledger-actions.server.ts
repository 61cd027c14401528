import { data, redirect } from "react-router";
import { CertificateRefusal } from "#app/certificates/certificate-refusal.ts";
import type { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { LedgerRefusal } from "#app/editions/edition-refusal.ts";
import { type AfterSaleServices, afterSale } from "./after-sale.server.ts";
import { type DoneKey, unitKey } from "./edition-studio-words.ts";
import type { LedgerRefusalData } from "./ledger-answer.ts";
import { editionFrom, holdFrom, resaleFrom, saleFrom, typedValues, unitOf } from "./ledger-form-input.server.ts";
import { type LedgerIntent, ledgerIntents } from "./ledger-intents.ts";
import { certifyLatestOwner, revokeUnitCertificate } from "./unit-certificates.server.ts";

const noStore = { "Cache-Control": "no-store" };

/** One change to a work's ledger; the done key the page then shows, and the print it was about. */
async function change(
  ledger: EditionLedger,
  services: AfterSaleServices,
  intent: LedgerIntent,
  form: FormData,
  workSlug: string,
): Promise<DoneKey> {
  switch (intent) {
    case "set-edition":
      await ledger.setEdition(editionFrom(form, workSlug));
      return "edition";
    case "hold":
      await ledger.hold(holdFrom(form, workSlug));
      return "held";
    case "release":
      await ledger.release({ workSlug, ...unitOf(form) });
      return "released";
    case "not-for-sale":
    case "for-sale":
      await ledger.setNotForSale({ workSlug, ...unitOf(form), notForSale: intent === "not-for-sale" });
      return intent;
    case "sell": {
      const input = saleFrom(form, workSlug);
      const record = await ledger.sell(input);
      const certified = await afterSale(services, { kind: "sale", workSlug, ...unitOf(form), ...record });
      return certified ? "sold" : "sold-uncertified";
    }
    case "resell": {
      const owner = await ledger.recordResale(resaleFrom(form, workSlug));
      const certified = await afterSale(services, { kind: "resale", workSlug, ...unitOf(form), owner });
      return certified ? "resold" : "resold-uncertified";
    }
    case "issue-certificate":
      await certifyLatestOwner(services, workSlug, unitOf(form));
      return "certified";
    case "revoke-certificate":
      await revokeUnitCertificate(services, workSlug, form);
      return "revoked";
  }
}

/**
 * Runs the ledger form the studio sent for `workSlug`: on success a redirect back to the
 * ledger (so reloading does not send the form again) saying what was done; refused, the
 * ledger's sentence with its 4xx and the typed values, nothing written.
 */
export async function runLedgerForm(
  ledger: EditionLedger,
  services: AfterSaleServices,
  form: FormData,
  workSlug: string,
) {
  const intent = ledgerIntents.find((known) => known === form.get("intent"));
  const typedUnit = form.get("unit");
  const unit = typeof typedUnit === "string" && typedUnit.length <= 10 ? typedUnit : null;
  if (!intent) {
    return refusal({ intent: "set-edition", unit: null, message: "Unknown action. Reload the page.", values: {} }, 400);
  }
  try {
    const done = await change(ledger, services, intent, form, workSlug);
    const at = intent === "set-edition" ? "" : `unit=${encodeURIComponent(unitKey(unitOf(form)))}&`;
    return redirect(`/admin/editions/${workSlug}?${at}done=${done}${at ? "#manage" : ""}`, { headers: noStore });
  } catch (error) {
    if (!(error instanceof LedgerRefusal || error instanceof CertificateRefusal)) throw error;
    return refusal({ intent, unit, message: error.message, values: typedValues(form) }, error.status);
  }
}

function refusal(refused: LedgerRefusalData["refused"], status: number) {
  return data<LedgerRefusalData>({ refused }, { status, headers: noStore });
}
