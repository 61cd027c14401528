import { data } from "react-router";
import { LongFormArticle } from "~/components/editorial/long-form";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { findLongForm } from "~/content/long-form.server";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/articles.$slug";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ params }: Route.LoaderArgs) {
  const piece = findLongForm("articles", params.slug);
  if (!piece) throw data(null, { status: 404 });
  return { piece };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: pageTitle(loaderData.piece.title),
        description: loaderData.piece.summary,
        path: `/articles/${loaderData.piece.slug}`,
        type: "article",
      })
    : [{ title: pageTitle(undefined) }];

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  return <LongFormArticle piece={loaderData.piece} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
