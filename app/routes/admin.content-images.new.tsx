import { data } from "react-router";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import { addPageImage } from "#app/admin/content-picker/add-page-image.server.ts";
import { pickerImage } from "#app/admin/content-picker/picker-images.server.ts";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { getEnv } from "#app/config/env.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { contentSyncContext } from "#app/content/content-sync.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { loggerContext } from "#app/observability/context.ts";
import { ownEntry } from "#app/security/own-entry.ts";
import { warmUploadedImage } from "#app/site-images/warm-uploaded.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import { processUploadedOriginals } from "#app/uploads/uploaded-originals.ts";
import type { Route } from "./+types/admin.content-images.new";

/**
 * POST /admin/content-images/new: the picker's "Upload a new image" (issue 39). Multipart fields
 * `image` (the file), `description` (its alt text) and `collection`; the image is declared in the
 * collection and its original stored in one step (add-page-image.server.ts). Admin only (session,
 * second factor, Origin). Answers JSON: `{ image }` as the picker lists it, or `{ error }` with a
 * sentence and a 4xx.
 */
export const loader = () =>
  data(
    { error: "Upload new images from an image field's picker: this address only takes a POST." },
    { status: 405, headers: { Allow: "POST" } },
  );
export const action = answeringOutages("json", newImageAction);

async function newImageAction({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return data(
      { error: "Upload new images with a POST from an image field's picker." },
      { status: 405, headers: { Allow: "POST" } },
    );
  assertSameOrigin(request);
  const allowed = await contentWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
    return data(
      {
        error: multipart
          ? "The upload arrived incomplete. Choose the file and upload it again."
          : "Send the image as a file from the picker's Upload button.",
      },
      { status: 400 },
    );
  }
  const added = await addPageImage({
    db: context.get(databaseContext).db,
    store: processOriginalStore(),
    uploaded: processUploadedOriginals(),
    dataDir: getEnv().DATA_DIR,
    fields: { collection: form.get("collection") ?? undefined, description: form.get("description") ?? undefined },
    file: form.get("image"),
    author: allowed.access.user.email,
  });
  if (!added.ok) return data({ error: added.error }, { status: added.status });
  void warmUploadedImage(added.collection, added.image.name, added.original.width, context.get(loggerContext));
  // This process serves the new revision before the studio's next screen reads it.
  await context.get(contentSyncContext)?.caughtUp();
  const served = context.get(contentStoreContext).pageImages();
  const members = ownEntry(served, added.collection) ?? [];
  // Listed from the committed entry, whether or not this process has loaded the revision yet.
  const registry = members.some((image) => image.name === added.image.name)
    ? served
    : { ...served, [added.collection]: [...members, added.image] };
  const image = pickerImage(added.collection, added.image, registry);
  return data({ image }, { headers: { "Cache-Control": "no-store" } });
}
