import { data } from "react-router";
import { clientIpContext } from "#app/auth/client-ip-context.ts";
import { PostedFormScript } from "#app/components/forms/posted-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { SubscribeForm } from "#app/components/subscribe/subscribe-form.tsx";
import { databaseContext } from "#app/db/context.ts";
import { issueFormToken } from "#app/enquiries/form-token.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { submitSubscription } from "#app/subscriptions/submit-subscription.server.ts";
import { offeredTopics, subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import type { Route } from "./+types/subscribe";

// Rendered per request (it carries a fresh form token); the form's small script answers in
// place when JavaScript runs (issue 41).
export const handle: PageHandle = { scripts: "none" };

export const headers = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaSite(matches), "Subscribe") },
  { name: "description", content: "Hear about new work, exhibitions and prints, by email, on the topics you choose." },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic")?.slice(0, 120);
  const topics = offeredTopics(context.get(subscriptionServiceContext));
  return { topics, checked: topics.some((t) => t.key === topic) ? [topic as string] : [], token: issueFormToken() };
}

type ActionAnswer =
  | { sent: true; message: string }
  | { sent: false; message: string; fieldError?: string; values?: { email: string; topics: string[] } };

export const action = answeringOutages("page", async ({ request, context }: Route.ActionArgs) => {
  const service = context.get(subscriptionServiceContext);
  if (!service) throw new Response("Subscriptions are not running on this server.", { status: 503 });
  const outcome = await submitSubscription(
    context.get(databaseContext).db,
    service,
    request,
    context.get(clientIpContext),
  );
  if (outcome.ok) return { sent: true, message: outcome.message } satisfies ActionAnswer;
  // A form from a prerendered page sent without JavaScript has no token: ask to send it again.
  const message =
    outcome.status === 400 && outcome.values && !outcome.fieldError
      ? "Almost there: check your address below and press Subscribe once more."
      : outcome.message;
  return data({ sent: false, message, fieldError: outcome.fieldError, values: outcome.values } satisfies ActionAnswer, {
    status: outcome.status,
    headers: { "Cache-Control": "no-store", ...outcome.headers },
  });
});

export default function SubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionAnswer | undefined;
  return (
    <main id="main" className="page">
      <p className="eyebrow">Subscribe</p>
      {answer?.sent ? (
        <section aria-labelledby="subscribe-sent">
          <h1 id="subscribe-sent">Check your inbox</h1>
          {/* biome-ignore lint/a11y/noAutofocus: the answer to a form sent without JavaScript */}
          <p role="status" tabIndex={-1} autoFocus>
            {answer.message}
          </p>
          <p>
            <a href="/" className="button button-ghost">
              Back to the site
            </a>
          </p>
        </section>
      ) : (
        <>
          <h1>Hear from the studio</h1>
          <SubscribeForm
            id="subscribe-page"
            heading="Choose your topics"
            topics={loaderData.topics}
            checked={loaderData.checked}
            source="/subscribe"
            token={loaderData.token}
            values={answer?.values}
            formError={answer?.message}
            fieldError={answer?.fieldError}
          />
          <PostedFormScript />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
