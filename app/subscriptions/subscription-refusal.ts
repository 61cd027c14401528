/** Why the service refused: the HTTP status a route answers with. */
export type SubscriptionRefusalStatus = 400 | 404 | 409 | 410 | 422;

/**
 * The subscription service said no, with a sentence a person can act on and the 4xx to answer
 * with. Nothing was written.
 */
export class SubscriptionRefusal extends Error {
  override readonly name = "SubscriptionRefusal";
  constructor(
    message: string,
    readonly status: SubscriptionRefusalStatus,
  ) {
    super(message);
  }
}

export function refuse(message: string, status: SubscriptionRefusalStatus): never {
  throw new SubscriptionRefusal(message, status);
}
