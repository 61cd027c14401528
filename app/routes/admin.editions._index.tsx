import { data, Form } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import styles from "#app/admin/editions/editions.module.css";
import { readEditionsOverview } from "#app/admin/editions/editions-overview.server.ts";
import { EditionsOverviewView } from "#app/admin/editions/editions-overview.tsx";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess, studioWriteAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.editions._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Editions" : "Admin Login");

export const loader = answeringOutages("page", editionsLoader);
export const action = answeringOutages("page", editionsAction);

async function editionsLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const db = context.get(databaseContext).db;
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const ledger = new EditionLedger({ db, catalogue });
  const overview = await readEditionsOverview(db, catalogue, ledger, query, new Date());
  return { state: "admin" as const, email: access.user.email, query, overview };
}

/** Only the sign-in steps and Sign Out: each work's ledger is changed on its own page. */
async function editionsAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/editions");
  if (answer) return answer;
  const allowed = await studioWriteAccess(request, context, "changing the edition ledger");
  if (!allowed.ok) return allowed.answer;
  throw data("Unknown action. Reload the page.", { status: 400, headers: { "Cache-Control": "no-store" } });
}

export default function EditionsPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="editions" state={loaderData.state} error={error} />;
  }
  const { overview, query } = loaderData;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Editions</h1>
          <p className={studio.account}>
            What of each work can be sold, what is on hold, and who bought what. {overview.total} works, hidden ones
            included. Signed in as {loaderData.email}.
          </p>
        </div>
        <div className={styles.actions}>
          <a href="/admin/editions/export.csv" className="button button-ghost" download>
            Download the Ledger (CSV)
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className="button button-ghost">
              Sign Out
            </button>
          </Form>
        </div>
      </header>
      <EditionsOverviewView overview={overview} query={query} />
    </>
  );
}
