/** Why the ledger refused: the HTTP status a screen answers with. */
export type RefusalStatus = 400 | 404 | 409;

/**
 * The ledger said no: a sentence the studio can act on ("Print 3/8 is already sold.") and the
 * 4xx a route answers with. Every refusal is one of these, never a database error; nothing was
 * written.
 */
export class LedgerRefusal extends Error {
  override readonly name = "LedgerRefusal";
  constructor(
    message: string,
    readonly status: RefusalStatus,
  ) {
    super(message);
  }
}

export function refuse(message: string, status: RefusalStatus): never {
  throw new LedgerRefusal(message, status);
}
