import QRCode from "qrcode";
import { z } from "zod";
import type { Enrolment } from "./second-factor.server.ts";

/**
 * The enrolment a refused confirmation code came from, rebuilt from the confirm form's hidden
 * fields so the QR code and the secret stay on screen for another try (with or without
 * JavaScript). The fields come back from the admin's own signed-in, same-origin form, and only
 * to that admin; still, anything that is not an authenticator address for this admin's own
 * email is dropped (the page then offers to start again).
 */
const retryFields = z.object({
  uri: z
    .string()
    .max(512)
    .regex(/^otpauth:\/\/totp\/\S+$/),
  name: z.string().trim().max(60),
  backup: z.array(z.string().regex(/^[A-Za-z0-9-]{1,32}$/)).max(32),
});

export async function enrolmentToRetry(form: FormData, email: string): Promise<Enrolment | undefined> {
  const fields = retryFields.safeParse({
    uri: form.get("uri") ?? "",
    name: form.get("name") ?? "",
    backup: form.getAll("backup"),
  });
  if (!fields.success) return undefined;
  const { uri, name, backup } = fields.data;
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return undefined;
  }
  const secret = parsed.searchParams.get("secret") ?? "";
  const label = decodeURIComponent(parsed.pathname.replace(/^\/+/, ""));
  if (!/^[A-Z2-7]{16,128}=*$/.test(secret) || !label.endsWith(`:${email}`)) return undefined;
  const qrDataUrl = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
  return { secret, qrDataUrl, backupCodes: backup, name: name || "Authenticator app", uri };
}
