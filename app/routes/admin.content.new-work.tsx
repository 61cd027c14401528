import { data, Link, redirect } from "react-router";
import { adminMeta } from "#app/admin/admin-page.ts";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import { createWork } from "#app/admin/content/create-work.server.ts";
import { NewWorkForm } from "#app/admin/content/new-work-form.tsx";
import studio from "#app/admin/studio.module.css";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { getEnv } from "#app/config/env.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { ARTWORKS } from "#app/images/image-catalog.ts";
import { loggerContext } from "#app/observability/context.ts";
import { warmUploadedImage } from "#app/site-images/warm-uploaded.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import type { Route } from "./+types/admin.content.new-work";

/**
 * GET/POST /admin/content/new-work: a new work with its title and image on one screen (decision
 * 073). The content list carries the same form; a refusal lands here with the title kept. Admin
 * with a second factor, same Origin; the body may be one image (server/app.ts gives it the image
 * upload's limit).
 */
export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "New work" : "Admin Login");

export const loader = answeringOutages("page", newWorkLoader);
export const action = answeringOutages("page", newWorkAction);

const noStore = { "Cache-Control": "no-store" };

async function newWorkLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  return { state: "admin" as const };
}

/** What a refused new work tells the studio, with the title as typed. */
interface NewWorkRefusal {
  newWorkError: string;
  title: string;
}

async function newWorkAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded")
    throw data("This address takes the New work form. Reload the page and send it again.", {
      status: 415,
      headers: noStore,
    });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("The form arrived incomplete. Choose the file and create the work again.", {
      status: 400,
      headers: noStore,
    });
  }
  const answer = await signInStep(request, context, form, "/admin/content/new-work");
  if (answer) return answer;
  const allowed = await contentWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  const title = form.get("title");
  const file = form.get("image");
  const outcome = await createWork({
    db: context.get(databaseContext).db,
    title: typeof title === "string" ? title : undefined,
    file: file instanceof File ? file : undefined,
    author: allowed.access.user.email,
    store: processOriginalStore(),
    uploaded: processUploadedOriginals(),
    dataDir: getEnv().DATA_DIR,
  });
  if (!outcome.ok) {
    const kept = typeof title === "string" ? title.slice(0, 200) : "";
    return data({ newWorkError: outcome.error, title: kept } satisfies NewWorkRefusal, {
      status: outcome.status,
      headers: noStore,
    });
  }
  if (outcome.image) void warmUploadedImage(ARTWORKS, outcome.slug, outcome.image.width, context.get(loggerContext));
  return redirect(
    `/admin/content/${outcome.path}?saved=1${outcome.image ? `&image=uploaded&changed=${outcome.slug}` : ""}`,
  );
}

export default function NewWorkPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "admin") {
    const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
    return <StudioGate screen="content" state={loaderData.state} error={error} />;
  }
  const refusal = actionData && "newWorkError" in actionData ? (actionData as NewWorkRefusal) : undefined;
  return (
    <>
      <header className={studio.head}>
        <div>
          <p className="eyebrow">
            <Link to="/admin/content">Works</Link>
          </p>
          <h1>New work</h1>
          <p className={studio.account}>
            Give the work its title and, if you have it, its image. You fill in the rest in the next screen.
          </p>
        </div>
      </header>
      <NewWorkForm title={refusal?.title} error={refusal?.newWorkError} heading={false} />
    </>
  );
}
