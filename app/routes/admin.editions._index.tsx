import { data } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { readEditionsOverview } from "#app/admin/editions/editions-overview.server.ts";
import { EditionsOverviewView } from "#app/admin/editions/editions-overview.tsx";
import { studioWriteAccess } from "#app/admin/studio-access.server.ts";
import { gateError, StudioGate } from "#app/admin/studio-gate.tsx";
import { StudioHead } from "#app/admin/studio-head.tsx";
import { studioScreenAction, studioScreenLoader } from "#app/admin/studio-screen.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import type { Route } from "./+types/admin.editions._index";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Editions" : "Admin Login");

export const loader = studioScreenLoader(async ({ request, context }: Route.LoaderArgs) => {
  const db = context.get(databaseContext).db;
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const ledger = new EditionLedger({ db, catalogue });
  const overview = await readEditionsOverview(db, catalogue, ledger, query, new Date());
  return { query, overview };
});

/** Only the sign-in steps and Sign Out: each work's ledger is changed on its own page. */
export const action = studioScreenAction("/admin/editions", async ({ request, context }: Route.ActionArgs) => {
  const allowed = await studioWriteAccess(request, context, "changing the edition ledger");
  if (!allowed.ok) return allowed.answer;
  throw data("Unknown action. Reload the page.", { status: 400, headers: { "Cache-Control": "no-store" } });
});

export default function EditionsPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin")
    return <StudioGate screen="editions" state={loaderData.state} error={gateError(actionData)} />;
  const { overview, query } = loaderData;
  return (
    <>
      <StudioHead
        title="Editions"
        account={
          <>
            What of each work can be sold, what is on hold, and who bought what. {overview.total} works, hidden ones
            included. Signed in as {loaderData.email}.
          </>
        }
      >
        <a href="/admin/editions/export.csv" className="button button-ghost" download>
          Download the Ledger (CSV)
        </a>
      </StudioHead>
      <EditionsOverviewView overview={overview} query={query} />
    </>
  );
}
