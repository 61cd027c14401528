/** The changes the ledger's screen sends, one POST form each. */
export const ledgerIntents = [
  "set-edition",
  "hold",
  "release",
  "sell",
  "not-for-sale",
  "for-sale",
  "resell",
  "issue-certificate",
  "revoke-certificate",
] as const;
export type LedgerIntent = (typeof ledgerIntents)[number];
