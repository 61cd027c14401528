import { adminMeta } from "#app/admin/admin-page.ts";
import { badInput } from "#app/admin/enquiries/inbox-input.server.ts";
import { addressToForget, addressToPreview } from "#app/admin/forget-address.server.ts";
import { ForgetAddressForm, ForgetConfirm, type ForgetList, ForgetPage } from "#app/admin/forget-address.tsx";
import { studioWriteAccess } from "#app/admin/studio-access.server.ts";
import { gateError, StudioGate } from "#app/admin/studio-gate.tsx";
import { studioScreenAction, studioScreenLoader } from "#app/admin/studio-screen.server.ts";
import { subscriptionServiceAtHand } from "#app/admin/subscribers/subscription-service-at-hand.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { removeForgottenOutboxFiles } from "#app/enquiries/forgotten-mail-files.server.ts";
import type { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";
import type { Route } from "./+types/admin.subscribers.forget";

export const meta: Route.MetaFunction = ({ matches, error }) => adminMeta({ matches, error }, "Forget a Subscriber");

/** The address to forget, as the list stores it: lower-cased. */
function addressFrom(raw: unknown): string {
  return addressToForget(raw).toLowerCase();
}

/** The address's subscriber, if the list has it (addresses are stored lower-cased). */
async function subscriberOf(service: SubscriptionService, address: string) {
  const found = await service.list({ search: address, limit: 500 });
  return found.find((row) => row.address === address);
}

export const loader = studioScreenLoader(async ({ request, context }: Route.LoaderArgs) => {
  const asked = addressToPreview(new URL(request.url));
  if (asked === null) return { preview: null };
  const address = asked.toLowerCase();
  const row = await subscriberOf(subscriptionServiceAtHand(context), address);
  const topics = row ? row.topics.length + row.waiting.length : 0;
  return { preview: { address, status: row?.status ?? null, topics } };
});

/**
 * Forgets the address: the subscriber, their topics, consents and links, and any confirmation
 * mail to them with its outbox copy. Needs the studio's session with its second factor, as the
 * enquiries' forget does; a same-origin form only.
 */
export const action = studioScreenAction(
  "/admin/subscribers/forget",
  async ({ request, context }: Route.ActionArgs, form) => {
    const allowed = await studioWriteAccess(request, context, "forgetting a subscriber");
    if (!allowed.ok) return allowed.answer;
    if (form.get("intent") !== "forget") badInput("Unknown action. Reload the page.");
    const address = addressFrom(form.get("email"));
    const forgotten = await subscriptionServiceAtHand(context).forget(address);
    await removeForgottenOutboxFiles(context.get(databaseContext).db);
    return { done: { address, forgotten } };
  },
);

const statusWords = { pending: "waiting for confirmation", confirmed: "confirmed", left: "left" } as const;

const subscribers: ForgetList = { href: "/admin/subscribers", all: "← All subscribers", back: "Back to Subscribers" };

export default function ForgetSubscriberPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin")
    return <StudioGate screen="subscribers" state={loaderData.state} error={gateError(actionData)} />;
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const { preview } = loaderData;
  return (
    <ForgetPage
      list={subscribers}
      heading="Forget a Subscriber"
      intro="When someone asks to be forgotten, this deletes their address from the list with everything kept about it: their topics, the record of their consent, their links, and any confirmation mail waiting to go to them. The daily numbers of joins and leaves stay, without the address. It cannot be undone."
      done={
        done
          ? done.forgotten
            ? `Everything stored about ${done.address} is deleted.`
            : `Nothing was stored about ${done.address}.`
          : null
      }
    >
      {preview ? (
        <ForgetConfirm list={subscribers} address={preview.address} button="Forget This Address">
          <p>
            {preview.status ? (
              <>
                <strong>{preview.address}</strong> is on the list ({statusWords[preview.status]}, {preview.topics}{" "}
                {preview.topics === 1 ? "topic" : "topics"}). This will delete it and everything kept about it.
              </>
            ) : (
              <>
                <strong>{preview.address}</strong> is not on the list. Forgetting it still deletes any confirmation mail
                waiting to go to it.
              </>
            )}
          </p>
        </ForgetConfirm>
      ) : (
        <ForgetAddressForm />
      )}
    </ForgetPage>
  );
}
