import { GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { metaSite } from "#app/seo/meta-site.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/merch";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader({ context }: Route.LoaderArgs) {
  return { merch: context.get(contentStoreContext).page("merch") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), loaderData.merch.title),
        description: loaderData.merch.description,
        path: "/merch",
      })
    : [];

/** SPEC.md: this page shows only the heading. */
export default function Merch({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page">
      <h1>{loaderData.merch.heading}</h1>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
