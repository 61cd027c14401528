import { LongFormIndex } from "~/components/editorial/long-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { listLongForm } from "~/content/long-form.server";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/interviews._index";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader() {
  return { pieces: listLongForm("interviews") };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: pageTitle("Interviews"),
    description: "Conversations with Umbra about the work, the studio and working without a name.",
    path: "/interviews",
  });

export default function InterviewsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <LongFormIndex
      title="Interviews"
      intro="Conversations with Umbra about the work, the studio and working without a name."
      pieces={loaderData.pieces}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
