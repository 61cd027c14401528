import { Form, Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/enquiries/enquiries.module.css";
import { badInput } from "#app/admin/enquiries/inbox-input.server.ts";
import { FORGET_ADDRESS_PROBLEM, forgetAddressInput } from "#app/admin/forget-address-input.ts";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess, studioWriteAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { subscriptionServiceAtHand } from "#app/admin/subscribers/subscription-service-at-hand.server.ts";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { removeForgottenOutboxFiles } from "#app/enquiries/forgotten-mail-files.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { SubscriptionService } from "#app/subscriptions/subscription-service.server.ts";
import type { Route } from "./+types/admin.subscribers.forget";

export const meta: Route.MetaFunction = ({ matches, error }) => adminMeta({ matches, error }, "Forget a Subscriber");

export const loader = answeringOutages("page", forgetLoader);
export const action = answeringOutages("page", forgetAction);

function addressFrom(raw: unknown): string {
  const address = forgetAddressInput.safeParse(typeof raw === "string" ? raw : "");
  if (!address.success) badInput(FORGET_ADDRESS_PROBLEM);
  return address.data.toLowerCase();
}

/** The address's subscriber, if the list has it (addresses are stored lower-cased). */
async function subscriberOf(service: SubscriptionService, address: string) {
  const found = await service.list({ search: address, limit: 500 });
  return found.find((row) => row.address === address);
}

async function forgetLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const raw = new URL(request.url).searchParams.get("email");
  if (raw === null || raw.trim() === "") return { state: "admin" as const, preview: null };
  const address = addressFrom(raw);
  const row = await subscriberOf(subscriptionServiceAtHand(context), address);
  const topics = row ? row.topics.length + row.waiting.length : 0;
  return { state: "admin" as const, preview: { address, status: row?.status ?? null, topics } };
}

/**
 * Forgets the address: the subscriber, their topics, consents and links, and any confirmation
 * mail to them with its outbox copy. Needs the studio's session with its second factor, as the
 * enquiries' forget does; a same-origin form only.
 */
async function forgetAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/subscribers/forget");
  if (answer) return answer;
  const allowed = await studioWriteAccess(request, context, "forgetting a subscriber");
  if (!allowed.ok) return allowed.answer;
  if (form.get("intent") !== "forget") badInput("Unknown action. Reload the page.");
  const address = addressFrom(form.get("email"));
  const forgotten = await subscriptionServiceAtHand(context).forget(address);
  await removeForgottenOutboxFiles(context.get(databaseContext).db);
  return { done: { address, forgotten } };
}

const statusWords = { pending: "waiting for confirmation", confirmed: "confirmed", left: "left" } as const;

export default function ForgetSubscriberPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="subscribers" state={loaderData.state} error={error} />;
  }
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const { preview } = loaderData;
  return (
    <>
      <p className={studio.back}>
        <Link to="/admin/subscribers" className={studio.textLink}>
          ← All subscribers
        </Link>
      </p>
      <section className={styles.forget} aria-labelledby="forget-heading">
        <p className="eyebrow">Privacy</p>
        <h1 id="forget-heading">Forget a Subscriber</h1>
        <p className={studio.account}>
          When someone asks to be forgotten, this deletes their address from the list with everything kept about it:
          their topics, the record of their consent, their links, and any confirmation mail waiting to go to them. The
          daily numbers of joins and leaves stay, without the address. It cannot be undone.
        </p>
        {done ? (
          <div className={styles.doneBox} role="status">
            <h2 className={studio.sectionTitle}>Forgotten</h2>
            <p>
              {done.forgotten
                ? `Everything stored about ${done.address} is deleted.`
                : `Nothing was stored about ${done.address}.`}
            </p>
            <Link to="/admin/subscribers" className="button">
              Back to Subscribers
            </Link>
          </div>
        ) : preview ? (
          <ForgetConfirm preview={preview} />
        ) : (
          <Form method="get" className={styles.forgetForm}>
            <label className={`${studio.field} ${styles.forgetField}`}>
              <span>Email address</span>
              <input type="email" name="email" required maxLength={320} />
            </label>
            <button type="submit" className="button button-ghost">
              Show What Would Be Deleted
            </button>
          </Form>
        )}
      </section>
    </>
  );
}

function ForgetConfirm({
  preview,
}: {
  preview: { address: string; status: keyof typeof statusWords | null; topics: number };
}) {
  return (
    <div className={styles.confirmBox}>
      <h2 className={studio.sectionTitle}>Confirm</h2>
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
      <div className={styles.dangerRow}>
        <Form method="post">
          <input type="hidden" name="intent" value="forget" />
          <input type="hidden" name="email" value={preview.address} />
          <button type="submit" className={`button ${styles.dangerSolid}`}>
            Forget This Address
          </button>
        </Form>
        <Link to="/admin/subscribers" className={studio.textLink}>
          Cancel
        </Link>
      </div>
    </div>
  );
}
