import { data, Link } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { EditionSettingsForm } from "#app/admin/editions/edition-settings-form.tsx";
import styles from "#app/admin/editions/editions.module.css";
import { runLedgerForm } from "#app/admin/editions/ledger-actions.server.ts";
import type { LedgerRefusalData } from "#app/admin/editions/ledger-answer.ts";
import { readLedgerPage } from "#app/admin/editions/ledger-page.server.ts";
import { UnitPanel } from "#app/admin/editions/unit-panel.tsx";
import { UnitTable } from "#app/admin/editions/unit-table.tsx";
import { IntentButton } from "#app/admin/intent-button.tsx";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess, studioWriteAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { EditionLedger } from "#app/editions/edition-ledger.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import type { Route } from "./+types/admin.editions.$slug";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? `Edition: ${loaderData.work.title}` : "Admin Login");

export const loader = answeringOutages("page", ledgerLoader);
export const action = answeringOutages("page", ledgerAction);

function notFound(): never {
  throw data("There is no work at this address in the catalogue. It may have been renamed or deleted.", {
    status: 404,
    headers: { "Cache-Control": "no-store" },
  });
}

async function ledgerLoader({ request, context, params }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const db = context.get(databaseContext).db;
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  const ledger = new EditionLedger({ db, catalogue });
  const page = await readLedgerPage(db, catalogue, ledger, params.slug, new URL(request.url), new Date());
  if (!page) notFound();
  return { state: "admin" as const, ...page };
}

async function ledgerAction({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const catalogue = context.get(contentStoreContext).catalogueWithHidden();
  const work = catalogue.find(params.slug);
  const answer = await signInStep(request, context, form, `/admin/editions/${work?.slug ?? ""}`);
  if (answer) return answer;
  const allowed = await studioWriteAccess(request, context, "changing the edition ledger");
  if (!allowed.ok) return allowed.answer;
  if (!work) notFound();
  const db = context.get(databaseContext).db;
  return runLedgerForm(new EditionLedger({ db, catalogue }), { db, catalogue }, form, work.slug);
}

export default function LedgerPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="editions" state={loaderData.state} error={error} />;
  }
  const { work, selected } = loaderData;
  const refused = actionData && "refused" in actionData ? (actionData as LedgerRefusalData).refused : undefined;
  // A refusal of a print the page does not show (a forged or stale form) is said at the top.
  const shownElsewhere =
    refused && (refused.intent === "set-edition" || (selected !== null && refused.unit === selected.key));
  return (
    <>
      <p className={studio.back}>
        <Link to="/admin/editions" className={studio.textLink}>
          ← All editions
        </Link>
      </p>
      <header className={studio.head}>
        <div className={styles.workHead}>
          <img className={styles.thumb} src={work.thumbnail} alt="" width={96} height={96} />
          <div className={studio.detailHead}>
            <p className="eyebrow">Edition ledger</p>
            <h1>{work.title}</h1>
            <p className={studio.account}>
              {work.year} · {work.seriesLabel}
            </p>
            <p className={styles.title} data-testid="edition-line">
              {loaderData.line}
              {loaderData.proofs ? <span className={styles.muted}> · {loaderData.proofs}</span> : null}
            </p>
          </div>
        </div>
        <div className={studio.headActions}>
          <IntentButton intent="sign-out">Sign Out</IntentButton>
        </div>
      </header>
      <p className={studio.live} role="status">
        {loaderData.done}
      </p>
      {refused && !shownElsewhere ? (
        <p className={styles.refused} role="alert">
          {refused.message}
        </p>
      ) : null}
      {loaderData.units.length > 0 ? (
        <UnitTable slug={work.slug} units={loaderData.units} selected={selected?.key} />
      ) : (
        <p className={studio.empty}>No edition is set for this work yet: set it below.</p>
      )}
      {selected ? (
        <UnitPanel
          key={selected.key}
          slug={work.slug}
          unit={selected}
          refused={refused}
          today={loaderData.today}
          holdDefault={loaderData.holdDefault}
        />
      ) : null}
      <EditionSettingsForm slug={work.slug} edition={loaderData.edition} refused={refused} />
    </>
  );
}
