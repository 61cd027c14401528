import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/merch";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: pageTitle("Merch"), description: "Merchandise from Umbra's studio.", path: "/merch" });

/** SPEC.md: this page shows only the heading. */
export default function Merch() {
  return (
    <main id="main" className="page">
      <h1>Merch</h1>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
