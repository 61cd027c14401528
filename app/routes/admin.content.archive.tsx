import path from "node:path";
import { data, redirect } from "react-router";
import { z } from "zod";
import { adminMeta } from "#app/admin/admin-page.ts";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import { SiteArchiveScreen } from "#app/admin/content-archive/site-archive-screen.tsx";
import { gateAnswer, signInStep, studioAccess } from "#app/admin/studio-access.server.ts";
import { StudioGate } from "#app/admin/studio-gate.tsx";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { getEnv } from "#app/config/env.server.ts";
import { contentSyncContext } from "#app/content/content-sync.server.ts";
import { type ArchiveScreenDeps, applyArchive, reviewArchive } from "#app/content-archive/archive-screen.server.ts";
import { discardArchive, receiveArchive, sweepPendingArchives } from "#app/content-archive/pending-archives.server.ts";
import { ArchiveRefused } from "#app/content-archive/ustar.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { readForm } from "#app/http/read-form.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import type { Route } from "./+types/admin.content.archive";

/**
 * /admin/content/archive: the whole site as one archive. "Download the whole site" links to
 * ./archive/download; "Import a site" uploads an archive (multipart, field `archive`, streamed to
 * disk), shows what it would change (`?archive=<id>`), and Apply publishes it (one commitChanges:
 * checked whole first, atomic, on every process at once) or Cancel drops it. Admin with a second
 * factor; Origin checked on every POST.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  adminMeta({ matches, error }, loaderData?.state === "admin" ? "Export and import the site" : "Admin Login");

export const loader = answeringOutages("page", archiveLoader);
export const action = answeringOutages("page", archiveAction);

function deps(context: Route.LoaderArgs["context"]): ArchiveScreenDeps {
  const env = getEnv();
  return {
    dataDir: env.DATA_DIR,
    buildDir: path.resolve(env.CONTENT_DIR),
    db: context.get(databaseContext).db,
    store: processOriginalStore(),
  };
}

const archiveId = z.string().uuid();
const applied = z.coerce.number().int().min(0);

async function archiveLoader({ request, context }: Route.LoaderArgs) {
  const access = await studioAccess(request, context);
  if (access.state !== "admin") return gateAnswer(access.state);
  const url = new URL(request.url);
  const services = deps(context);
  const archive = archiveId.safeParse(url.searchParams.get("archive"));
  const changes = applied.safeParse(url.searchParams.get("applied") ?? undefined);
  // After Apply (the action redirects here) this process serves the import before saying so.
  if (changes.success) await context.get(contentSyncContext)?.caughtUp();
  else await sweepPendingArchives(services.dataDir);
  return {
    state: "admin" as const,
    review: archive.success ? await reviewArchive(services, archive.data) : undefined,
    applied: changes.success ? changes.data : undefined,
    notice: noticeOf(url.searchParams),
  };
}

function noticeOf(params: URLSearchParams): string | undefined {
  if (params.has("cancelled")) return "Cancelled: nothing was imported.";
  if (params.has("moved"))
    return "The site changed since this preview was made (someone published). Here is what the archive would change now.";
  return undefined;
}

const decision = z.object({
  intent: z.enum(["apply", "cancel"]),
  archive: archiveId,
  version: z.coerce.number().int().min(0).default(0),
});

async function archiveAction({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const services = deps(context);
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    // Access before a byte of the upload is read.
    const allowed = await contentWriteAccess(request, context);
    if (!allowed.ok) return allowed.answer;
    try {
      return redirect(`/admin/content/archive?archive=${await receiveArchive(services.dataDir, request)}`);
    } catch (error) {
      if (error instanceof ArchiveRefused) return data({ error: error.message }, { status: error.status });
      throw error;
    }
  }
  const form = await readForm(request);
  const answer = await signInStep(request, context, form, "/admin/content/archive");
  if (answer) return answer;
  const allowed = await contentWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  const input = decision.safeParse(Object.fromEntries(form));
  if (!input.success)
    return data(
      { error: "The form was incomplete. Upload the archive again and look at its preview." },
      { status: 400 },
    );
  const { intent, archive, version } = input.data;
  if (intent === "cancel") {
    await discardArchive(services.dataDir, archive);
    return redirect("/admin/content/archive?cancelled=1");
  }
  const outcome = await applyArchive(services, { archive, seenVersion: version, author: allowed.access.user.email });
  if (outcome.state === "applied") return redirect(`/admin/content/archive?applied=${outcome.changes}`);
  if (outcome.state === "moved") return redirect(`/admin/content/archive?archive=${archive}&moved=1`);
  if (outcome.state === "gone")
    return data(
      { error: "This upload has expired or was already used. Upload the archive again to see what it would change." },
      { status: 410 },
    );
  return data({ error: "Nothing was imported.", problems: outcome.problems }, { status: 422 });
}

export default function SiteArchivePage({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
  if (loaderData.state !== "admin") return <StudioGate screen="content" state={loaderData.state} error={error} />;
  const problems = actionData && "problems" in actionData ? (actionData.problems as string[]) : undefined;
  return (
    <SiteArchiveScreen
      review={loaderData.review}
      applied={loaderData.applied}
      notice={loaderData.notice}
      error={error}
      problems={problems}
    />
  );
}
