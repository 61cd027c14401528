import { data } from "react-router";
import { errorPageTitle, GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { ManageTopics } from "#app/components/subscribe/manage-topics.tsx";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { manageAction, manageLoader } from "#app/subscriptions/manage-page.server.ts";
import type { Route } from "./+types/subscribe_.manage.$token";

// A mailing's "change your topics or leave" link (issue 41). The token is the only key: it
// names one subscriber, and is redacted from logs (secret-paths.ts).
export const handle: PageHandle = { scripts: "none" };

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = ({ matches, error }) => [
  { title: pageTitle(metaSite(matches), error ? errorPageTitle(error) : "Your subscription") },
  { name: "robots", content: "noindex" },
];

export const loader = answeringOutages("page", ({ params, context }: Route.LoaderArgs) =>
  manageLoader(params.token, context),
);

export const action = answeringOutages("page", async ({ params, request, context }: Route.ActionArgs) => {
  const answer = await manageAction(params.token, request, context);
  return data(answer, { status: answer.status, headers: { "Cache-Control": "no-store" } });
});

export default function ManagePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ManageTopics view={loaderData} answer={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
