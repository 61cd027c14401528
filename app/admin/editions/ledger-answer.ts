import type { LedgerIntent } from "./ledger-intents.ts";

/** A refused ledger form, sent back with the ledger's sentence and what was typed. */
export interface LedgerRefusalData {
  refused: { intent: LedgerIntent; unit: string | null; message: string; values: Record<string, string> };
}
