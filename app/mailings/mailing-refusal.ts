/** Why the mailings refused: the HTTP status a route answers with. */
export type MailingRefusalStatus = 400 | 404 | 409 | 422;

/** The studio's request was refused with a sentence it can act on; nothing was written. */
export class MailingRefusal extends Error {
  override readonly name = "MailingRefusal";
  constructor(
    message: string,
    readonly status: MailingRefusalStatus,
  ) {
    super(message);
  }
}

export function refuseMailing(message: string, status: MailingRefusalStatus): never {
  throw new MailingRefusal(message, status);
}
