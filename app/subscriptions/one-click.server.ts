import { readPostedForm } from "#app/http/posted-form.server.ts";
import { SubscriptionRefusal } from "./subscription-refusal.ts";
import type { SubscriptionService } from "./subscription-service.server.ts";

/** RFC 8058's body is one field; anything much larger is not a mail client's. */
const MAX_ONE_CLICK_BYTES = 2 * 1024;

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(`${text}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/**
 * The one-click unsubscribe POST (RFC 8058): a form body (urlencoded or multipart) holding
 * `List-Unsubscribe=One-Click`, for a live manage token. 200 and a line when done (again: the
 * same 200); a clear 4xx otherwise, with nothing changed.
 */
export async function oneClickAnswer(
  service: SubscriptionService | null,
  token: string,
  request: Request,
): Promise<Response> {
  if (request.method !== "POST")
    return plain(405, "This address takes POST (RFC 8058) or GET.", { Allow: "GET, HEAD, POST" });
  if (!service) return plain(503, "Subscriptions are not running on this server.");
  const form = await readPostedForm(request, MAX_ONE_CLICK_BYTES, {
    wrongType: "This address takes List-Unsubscribe=One-Click as a form body (RFC 8058).",
    tooLong: "This address takes List-Unsubscribe=One-Click only; the body was too long.",
  });
  if (!(form instanceof FormData)) return plain(form.status, form.message);
  if (form.get("List-Unsubscribe") !== "One-Click") {
    return plain(
      400,
      "The body must be List-Unsubscribe=One-Click (RFC 8058). To change topics, open the link in a browser.",
    );
  }
  try {
    await service.oneClickUnsubscribe(token.slice(0, 200));
  } catch (error) {
    if (error instanceof SubscriptionRefusal) return plain(error.status, error.message);
    throw error;
  }
  return plain(200, "Unsubscribed: this address will receive no more mailings.");
}
