import { data, redirect } from "react-router";
import { z } from "zod";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import { findDraft } from "#app/admin/content/content-drafts.server.ts";
import { editorAddress, parseImageAddress } from "#app/admin/content-images/image-address.ts";
import { uploadImage } from "#app/admin/content-images/upload-image.server.ts";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { getEnv } from "#app/config/env.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { declaredImage } from "#app/images/image-info.server.ts";
import { UploadRefused } from "#app/images/inspect-upload.ts";
import { loggerContext } from "#app/observability/context.ts";
import { warmUploadedImage } from "#app/site-images/warm-uploaded.ts";
import { ImageConflict, loadUploadedOriginals, restoreImageRevision } from "#app/uploads/image-originals.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import type { Route } from "./+types/admin.content-images.$";

/**
 * POST /admin/content-images/<collection>/<name>: the editor's image panel uploads an image's new
 * original (multipart, field `image`) or restores an earlier one (`intent=restore`). Admin only
 * (session, second factor, Origin; decision 041); answers JSON `{ error }` with a sentence on a
 * refusal, and redirects back to the editor when done. Nothing else is answered here.
 */
export const loader = () =>
  data(
    { error: "Upload images from the content editor: this address only takes a POST." },
    {
      status: 405,
      headers: { Allow: "POST" },
    },
  );
export const action = answeringOutages("json", imageAction);

const baseRevision = z.coerce.number().int().min(0).optional();
const restoreInput = z.object({
  intent: z.literal("restore"),
  revision: z.coerce.number().int().min(1),
  baseRevision,
});

const refuse = (status: number, error: string) => data({ error }, { status });

async function imageAction({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data(
      { error: "Upload images with a POST from the content editor." },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  assertSameOrigin(request);
  const allowed = await contentWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  const image = parseImageAddress(params["*"] ?? "");
  const content = context.get(contentStoreContext);
  const db = context.get(databaseContext).db;
  // A work's image: a published work's, or a new work's draft before its first publish (decision 073).
  const known =
    image &&
    declaredImage(image.collection, image.name, content.pageImages()) &&
    (image.collection !== "artworks" ||
      content.catalogueWithHidden().find(image.name) ||
      (await findDraft(db, `works/${image.name}.md`)));
  if (!image || !known)
    return refuse(404, "There is no such work or page image to upload to. Open it from the content list.");
  const author = allowed.access.user.email;
  const uploaded = processUploadedOriginals();
  const type = request.headers.get("content-type") ?? "";
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(
      400,
      type.startsWith("multipart/form-data")
        ? "The upload arrived incomplete. Choose the file and upload it again."
        : "Send the image as a file from the content editor's Upload button.",
    );
  }
  try {
    if (form.get("intent") === "restore") {
      const input = restoreInput.safeParse(Object.fromEntries(form));
      if (!input.success) return refuse(400, "The form was incomplete. Reload the page and restore again.");
      const restored = await restoreImageRevision(db, { ...image, ...input.data, author });
      if (!restored) return refuse(404, `There is no earlier image number ${input.data.revision} to restore.`);
      uploaded.replace(await loadUploadedOriginals(db));
      return redirect(editorAddress(image, "restored"));
    }
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0)
      return refuse(422, "Choose an image file (JPEG, PNG, WebP, AVIF or TIFF) to upload.");
    const base = baseRevision.safeParse(form.get("baseRevision") ?? undefined);
    const done = await uploadImage({
      db,
      store: processOriginalStore(),
      uploaded,
      dataDir: getEnv().DATA_DIR,
      image,
      file,
      author,
      baseRevision: base.success ? base.data : undefined,
    });
    void warmUploadedImage(image.collection, image.name, done.original.width, context.get(loggerContext));
    return redirect(editorAddress(image, done.changed ? "uploaded" : "unchanged"));
  } catch (error) {
    if (error instanceof UploadRefused) return refuse(error.status, error.message);
    if (error instanceof ImageConflict) return refuse(409, error.message);
    throw error;
  }
}
