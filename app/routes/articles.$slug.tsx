import { data } from "react-router";
import { LongFormArticle } from "#app/components/editorial/long-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { findLongForm } from "#app/content/long-form.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/articles.$slug";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ params, context }: Route.LoaderArgs) {
  const piece = findLongForm(context.get(contentStoreContext), "articles", params.slug);
  if (!piece) throw data(null, { status: 404 });
  return { piece };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), loaderData.piece.title),
        description: loaderData.piece.summary,
        path: `/articles/${loaderData.piece.slug}`,
        type: "article",
      })
    : [{ title: pageTitle(metaSite(matches)) }];

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  return <LongFormArticle piece={loaderData.piece} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
