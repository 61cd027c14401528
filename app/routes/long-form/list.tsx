import { LongFormIndex } from "#app/components/editorial/long-form.tsx";
import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { listLongForm } from "#app/content/long-form.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/list";
import { longFormKindOf } from "./kinds.ts";

/** The list of articles or of interviews, /articles and /interviews (app/routes.ts). */

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ request, context }: Route.LoaderArgs) {
  const kind = longFormKindOf(request.url);
  const content = context.get(contentStoreContext);
  return { kind, page: content.page(kind), pieces: listLongForm(content, kind) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const site = metaSite(matches);
  const { kind, page } = loaderData;
  return pageMeta({ site, title: pageTitle(site, page.title), description: page.description, path: `/${kind}` });
};

export default function LongFormListPage({ loaderData }: Route.ComponentProps) {
  return <LongFormIndex title={loaderData.page.heading} intro={loaderData.page.intro} pieces={loaderData.pieces} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
