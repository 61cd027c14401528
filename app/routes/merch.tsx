import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { pageTitle } from "~/seo/page-title";
import type { Route } from "./+types/merch";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Merch") }];

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
