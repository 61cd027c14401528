import { useCallback } from "react";
import { data, Link, useRevalidator } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { AdminCodeForm, AdminLoginForm } from "#app/admin/auth/admin-login-form.tsx";
import { AdminQuotesScreen, type LoadQuotes, type SaveVisibility } from "#app/admin/quotes/admin-quotes-screen.tsx";
import studio from "#app/admin/studio.module.css";
import { signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioHead } from "#app/admin/studio-head.tsx";
import { hasPendingSecondFactor } from "#app/auth/admin-session.server.ts";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import { listAdminQuotes } from "#app/quotes/quotes.server.ts";
import type { Route } from "./+types/admin.quotes";

// While the database cannot be reached the admin screens say so (503), whatever the session.
export const loader = answeringOutages("page", adminQuotesLoader);
export const action = answeringOutages("page", adminQuotesAction);

/** Rows sent with the page; the rest come from GET /api/admin/quotes, LATER_ROWS at a time. */
const FIRST_ROWS = 100;
const LATER_ROWS = 5000;

async function adminQuotesLoader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const notice = url.searchParams.get("reset") === "done" ? "Your password was changed. Sign in with it." : undefined;
  // Manage Quotes is open to an admin without a second factor yet (the quotes are public text).
  const access = await studioAccess(request, context);
  if (access.state !== "admin" && access.state !== "needs-factor") {
    return { state: hasPendingSecondFactor(request) ? ("code" as const) : ("login" as const), notice };
  }
  // The first rows only: the page is interactive with them, and the browser asks for the rest
  // (at 20,000 quotes the whole list in the page took 1.3-1.7 s to be interactive; issue 20).
  const first = await listAdminQuotes(context.get(databaseContext).db, { limit: FIRST_ROWS, filter: "all" });
  return {
    state: "admin" as const,
    email: access.user.email,
    hasFactor: access.state === "admin",
    quotes: first.quotes,
    nextCursor: first.nextCursor,
    counts: first.counts,
  };
}

async function adminQuotesAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const step = await signInStep(request, context, form, "/admin/quotes");
  return step ?? data({ error: "Unknown action." }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Manage Quotes" : "Admin Login");

const saveVisibility: SaveVisibility = async (change) => {
  const response = await fetch("/api/admin/quotes", {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(change),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || `${response.status} ${response.statusText}`);
  }
};

const loadQuotes: LoadQuotes = async (cursor) => {
  const query = new URLSearchParams({ filter: "all", limit: String(LATER_ROWS), cursor });
  const response = await fetch(`/api/admin/quotes?${query}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return (await response.json()) as Awaited<ReturnType<LoadQuotes>>;
};

export default function AdminQuotesPage({ loaderData, actionData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const refetch = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const error = actionData && "error" in actionData ? actionData.error : undefined;

  if (loaderData.state !== "admin") {
    return (
      <main id="main" className="page">
        {loaderData.state === "code" ? (
          <AdminCodeForm error={error} />
        ) : (
          <AdminLoginForm error={error} notice={loaderData.notice} />
        )}
      </main>
    );
  }

  return (
    <>
      <StudioHead
        title="Manage Quotes"
        account={
          <>
            Signed in as {loaderData.email}.{" "}
            {loaderData.hasFactor ? (
              <Link to="/admin/security" className={studio.textLink}>
                Security
              </Link>
            ) : (
              <Link to="/admin/security" className={studio.textLink}>
                Add an authenticator app
              </Link>
            )}{" "}
            ·{" "}
            <Link to="/admin/mail" className={studio.textLink}>
              Outgoing Mail
            </Link>
          </>
        }
      />
      <AdminQuotesScreen
        initialQuotes={loaderData.quotes}
        nextCursor={loaderData.nextCursor}
        initialCounts={loaderData.counts}
        loadQuotes={loadQuotes}
        saveVisibility={saveVisibility}
        streamUrl="/api/admin/quotes/events"
        onRefetch={refetch}
      />
    </>
  );
}
