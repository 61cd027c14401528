import merchPage from "virtual:content/pages/merch";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { PageHandle } from "~/components/page-scripts";
import { pageTitle } from "~/seo/page-title";
import { pageMeta } from "~/seo/social-meta";
import type { Route } from "./+types/merch";

// Complete as HTML: no framework JavaScript on this page (decision 011).
export const handle: PageHandle = { scripts: "none" };

export function loader() {
  return { merch: merchPage };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({ title: pageTitle(loaderData.merch.title), description: loaderData.merch.description, path: "/merch" })
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
