import { data } from "react-router";
import { LongFormArticle } from "#app/components/editorial/long-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { findLongForm } from "#app/content/long-form.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/piece";
import { longFormKindOf } from "./kinds.ts";

/** One article or interview, /articles/:slug and /interviews/:slug (app/routes.ts). */

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = longFormKindOf(request.url);
  const piece = findLongForm(context.get(contentStoreContext), kind, params.slug);
  if (!piece) throw data(null, { status: 404 });
  return { kind, piece };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = metaSite(matches);
  if (!loaderData) return [{ title: pageTitle(site) }];
  const { kind, piece } = loaderData;
  return pageMeta({
    site,
    title: pageTitle(site, piece.title),
    description: piece.summary,
    path: `/${kind}/${piece.slug}`,
    type: "article",
  });
};

export default function LongFormPiecePage({ loaderData }: Route.ComponentProps) {
  return <LongFormArticle piece={loaderData.piece} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
