import { redirect } from "react-router";
import { findDraft } from "#app/admin/content/content-drafts.server.ts";
import { siteWith } from "#app/admin/content/draft-check.server.ts";
import { publicPathOf, renderPreview } from "#app/admin/content/draft-preview.server.ts";
import { studioAccess } from "#app/admin/studio-access.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import type { Route } from "./+types/admin.preview.$";

/**
 * /admin/preview/<document path>: the public page a document's draft makes, before it is
 * published (draft-preview.server.ts). Only for the signed-in studio with its second factor; a
 * draft that would be refused shows its problems in the editor instead.
 */
export const loader = answeringOutages("page", previewLoader);

const privateText = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
};

async function previewLoader({ request, context, params }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  const access = await studioAccess(request, context);
  if (access.state === "login" || access.state === "code")
    // The editor's page signs the studio in, then the preview is one link away.
    return redirect(`/admin/content/${encodeURI(path.slice(0, 300))}`, {
      status: 303,
      headers: { "Cache-Control": "no-store" },
    });
  if (access.state !== "admin")
    return new Response(
      access.state === "needs-factor"
        ? "Previewing a draft needs a second factor. Add an authenticator app at /admin/security, then come back."
        : "This account is not an admin.",
      { status: 403, headers: privateText },
    );
  const db = context.get(databaseContext).db;
  const draft = await findDraft(db, path);
  if (!draft)
    return new Response(`There is no draft of "${path.slice(0, 200)}" to preview. Save a draft in the editor first.`, {
      status: 404,
      headers: privateText,
    });
  const publicPath = publicPathOf(path);
  if (!publicPath)
    return new Response(`${path} has no page of its own to preview: preview a page that shows it.`, {
      status: 404,
      headers: privateText,
    });
  // A hidden work is on no public page: its preview shows the page it would have once shown.
  const hidden = path.startsWith("works/") && (draft.data as { hidden?: unknown } | null)?.hidden === true;
  const data = hidden ? { ...(draft.data as Record<string, unknown>), hidden: undefined } : draft.data;
  const site = await siteWith(db, path, hidden ? JSON.parse(JSON.stringify(data)) : data);
  if ("problems" in site)
    return redirect(`/admin/content/${path}?check=1`, { status: 303, headers: { "Cache-Control": "no-store" } });
  return renderPreview(request, context, {
    snapshot: site.snapshot,
    publicPath,
    documentPath: path,
    note: hidden ? "This work is hidden: the public site does not show it." : undefined,
  });
}
