import { LongFormIndex } from "#app/components/editorial/long-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { listLongForm } from "#app/content/long-form.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/articles._index";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  return {
    page: content.page("articles"),
    pieces: listLongForm(content, "articles"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), loaderData.page.title),
        description: loaderData.page.description,
        path: "/articles",
      })
    : [];

export default function ArticlesIndex({ loaderData }: Route.ComponentProps) {
  return <LongFormIndex title={loaderData.page.heading} intro={loaderData.page.intro} pieces={loaderData.pieces} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
