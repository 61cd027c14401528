import { errorPageTitle, GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { subscriptionServiceContext } from "#app/subscriptions/subscription-service.server.ts";
import { linkProblems } from "#app/subscriptions/token-actions.server.ts";
import type { Route } from "./+types/subscribe_.confirm.$token";

// The confirmation link of a confirmation mail (issue 41): opening it confirms. Its token is
// redacted from logs (secret-paths.ts) and the page sends no Referer (root's policy).
export const handle: PageHandle = { scripts: "none" };

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = ({ matches, error }) => [
  { title: pageTitle(metaSite(matches), error ? errorPageTitle(error) : "Subscription") },
  { name: "robots", content: "noindex" },
];

export const loader = answeringOutages("page", async ({ params, context }: Route.LoaderArgs) => {
  const service = context.get(subscriptionServiceContext);
  if (!service) throw new Response("Subscriptions are not running on this server.", { status: 503 });
  const outcome = await service.confirm(params.token.slice(0, 200));
  return outcome.ok
    ? { ok: true as const, topics: outcome.topics }
    : { ok: false as const, problem: linkProblems[outcome.reason] };
});

export default function ConfirmPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page">
      <p className="eyebrow">Subscription</p>
      {loaderData.ok ? (
        <>
          <h1>You're subscribed</h1>
          <p>You're subscribed to:</p>
          <ul>
            {loaderData.topics.map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </ul>
          <p>Every message has a link to change your topics or leave with one click.</p>
          <p>
            <a href="/" className="button button-ghost">
              Back to the site
            </a>
          </p>
        </>
      ) : (
        <>
          <h1>This link did not work</h1>
          <p>{loaderData.problem}</p>
          <p>
            <a href="/subscribe" className="button">
              Ask for a new link
            </a>
          </p>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
