import { Outlet, type ShouldRevalidateFunction, useMatches } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { AdminNav } from "#app/admin/nav/admin-nav.tsx";
import { framesScreen } from "#app/admin/nav/studio-frame.ts";
import { studioNav } from "#app/admin/nav/studio-nav.server.ts";
import { studioShell } from "#app/admin/studio-shell.server.ts";
import { errorPageTitle, GeneralErrorBoundary } from "#app/components/general-error-boundary.tsx";
import type { Route } from "./+types/admin";

/**
 * The studio shell: every /admin screen and endpoint is a child of this route, and its middleware
 * looks up the studio access once and sets the studio's headers (decision 064). It renders the
 * studio's navigation once, above whichever screen is shown, so the navigation (and its one
 * event stream) stays as the admin moves between screens.
 */
export const middleware: Route.MiddlewareFunction[] = [studioShell];

/** What the navigation needs: null when none is shown (signed out, the code step, not an admin). */
export function loader({ request, context }: Route.LoaderArgs) {
  return studioNav(request, context);
}

// Read again on every navigation, as each screen read the count before: the shell and the screen
// below then always answer from the same access (a session that ended, a database back after an
// outage). After a form is sent, React Router's rule: read again unless the answer was an error.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  !formMethod || formMethod === "GET" || defaultShouldRevalidate;

// Only an error page uses this title: each screen's own `meta` names it otherwise.
export const meta: Route.MetaFunction = ({ matches, error }) => adminMeta({ matches, error }, errorPageTitle(error));

export default function Studio({ loaderData }: Route.ComponentProps) {
  if (!framesScreen(useMatches())) return <Outlet />;
  return (
    <main id="main" className="page">
      {loaderData ? <AdminNav unreadEnquiries={loaderData.unreadEnquiries} /> : null}
      <Outlet />
    </main>
  );
}

/** An error in any studio screen replaces the whole page, navigation included, as before. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
