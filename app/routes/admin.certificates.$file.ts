import { z } from "zod";
import { requireStudioAdmin } from "#app/admin/studio-access.server.ts";
import {
  certificateFileName,
  SIGNED_FILE_TYPE,
  signedFileText,
  storedCertificatePdf,
} from "#app/certificates/certificate-files.server.ts";
import { findCertificate } from "#app/certificates/certificate-records.server.ts";
import { workImages } from "#app/certificates/work-image.server.ts";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import { databaseContext } from "#app/db/context.ts";
import { jsonError } from "#app/http/api-errors.server.ts";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import type { Route } from "./+types/admin.certificates.$file";

const fileInput = z.object({
  id: z.string(),
  kind: z.enum(["pdf", "jwt"]),
  paper: z.enum(["a4", "letter"], { error: 'Choose the paper: "a4" or "letter".' }).default("a4"),
});

/**
 * GET /admin/certificates/<id>.pdf?paper=a4|letter and /admin/certificates/<id>.jwt: a
 * certificate's printable PDF (made now from the signed file, with the work's picture) or the
 * signed file as it was issued. Admin with a second factor; attachments, never cached.
 */
export const loader = answeringOutages("json", async ({ request, params, context }: Route.LoaderArgs) => {
  await requireStudioAdmin(request, context, "downloading a certificate");
  const match = /^([A-Za-z0-9_-]{22})\.(pdf|jwt)$/.exec(params.file);
  if (!match)
    throw jsonError(404, "There is no such certificate file: the address ends with its number and .pdf or .jwt.");
  const paper = new URL(request.url).searchParams.get("paper") ?? undefined;
  const input = fileInput.safeParse({ id: match[1], kind: match[2], paper });
  if (!input.success)
    throw jsonError(400, input.error.issues[0]?.message ?? "That is not a certificate file's address.");
  const row = await findCertificate(context.get(databaseContext).db, input.data.id);
  if (!row) throw jsonError(404, "There is no certificate with that number.");
  const name = certificateFileName(row);
  const headers = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
  };
  if (input.data.kind === "jwt") {
    return new Response(signedFileText(row), {
      headers: {
        ...headers,
        "Content-Type": SIGNED_FILE_TYPE,
        "Content-Disposition": `attachment; filename="${name}.vc.jwt"`,
      },
    });
  }
  const imageName =
    context.get(contentStoreContext).catalogueWithHidden().find(row.workSlug)?.imageLarge ?? row.workSlug;
  const pdf = await storedCertificatePdf(row, workImages(), imageName, input.data.paper);
  return new Response(Buffer.from(pdf), {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}-${input.data.paper}.pdf"`,
    },
  });
});
