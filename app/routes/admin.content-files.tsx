import { data } from "react-router";
import { z } from "zod";
import { contentWriteAccess } from "#app/admin/content/content-access.server.ts";
import { FileUploadRefused, uploadExhibitionFile } from "#app/admin/content-files/upload-file.server.ts";
import { assertSameOrigin } from "#app/auth/origin-check.server.ts";
import { getEnv } from "#app/config/env.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { processOriginalStore } from "#app/uploads/original-store.server.ts";
import type { Route } from "./+types/admin.content-files";

/**
 * POST /admin/content-files?label=<the block's label>: the exhibition editor uploads a PDF or a
 * recording (multipart, field `file`; decision 048). Admin only (session, second factor, Origin,
 * as image uploads). Answers JSON `{ href, bytes, kind, mime }`, or `{ error }` with a sentence.
 */
export const loader = () =>
  data(
    { error: "Upload files from the exhibition editor: this address only takes a POST." },
    { status: 405, headers: { Allow: "POST" } },
  );
export const action = answeringOutages("json", fileAction);

const label = z.string().max(200).catch("");

async function fileAction({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data(
      { error: "Upload files with a POST from the exhibition editor." },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  assertSameOrigin(request);
  const allowed = await contentWriteAccess(request, context);
  if (!allowed.ok) return allowed.answer;
  try {
    const uploaded = await uploadExhibitionFile({
      db: context.get(databaseContext).db,
      store: processOriginalStore(),
      dataDir: getEnv().DATA_DIR,
      request,
      label: label.parse(new URL(request.url).searchParams.get("label") ?? ""),
      author: allowed.access.user.email,
    });
    return data(uploaded, { status: 201 });
  } catch (error) {
    if (error instanceof FileUploadRefused) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}
