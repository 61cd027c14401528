import { describe, expect, it } from "vitest";
import { enrolmentToRetry } from "./enrolment-retry.server.ts";

const email = "admin@umbra.test";
const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const uriFor = (account: string, key = secret) =>
  `otpauth://totp/Umbra:${encodeURIComponent(account)}?secret=${key}&issuer=Umbra&digits=6&period=30`;

function confirmForm(fields: { uri?: string; name?: string; backup?: string[] }): FormData {
  const form = new FormData();
  form.set("intent", "confirm");
  if (fields.uri !== undefined) form.set("uri", fields.uri);
  form.set("name", fields.name ?? "Studio phone");
  for (const code of fields.backup ?? []) form.append("backup", code);
  return form;
}

describe("the enrolment shown again after a wrong code", () => {
  it("rebuilds the QR code, the secret, the name and the backup codes from the confirm form", async () => {
    const enrolment = await enrolmentToRetry(
      confirmForm({ uri: uriFor(email), backup: ["ab12-cd34", "ef56-gh78"] }),
      email,
    );
    expect(enrolment).toMatchObject({
      secret,
      name: "Studio phone",
      backupCodes: ["ab12-cd34", "ef56-gh78"],
      uri: uriFor(email),
    });
    expect(enrolment?.qrDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
  });

  it("drops an address for another account, another scheme, a bad secret or an oversized one", async () => {
    const refused = [
      uriFor("someone@else.test"),
      uriFor(`${email}.evil.test`),
      uriFor(email).replace("otpauth://totp/", "otpauth://hotp/"),
      `javascript:alert(1)//otpauth://totp/Umbra:${email}`,
      uriFor(email, "not-base32!"),
      uriFor(email, "SHORT"),
      `${uriFor(email)}&pad=${"x".repeat(600)}`,
      "",
    ];
    for (const uri of refused) expect(await enrolmentToRetry(confirmForm({ uri }), email), uri).toBeUndefined();
    expect(await enrolmentToRetry(confirmForm({}), email)).toBeUndefined();
  });

  it("drops forged backup codes and names", async () => {
    const uri = uriFor(email);
    expect(await enrolmentToRetry(confirmForm({ uri, backup: ["<script>"] }), email)).toBeUndefined();
    expect(await enrolmentToRetry(confirmForm({ uri, backup: Array(33).fill("abcd") }), email)).toBeUndefined();
    expect(await enrolmentToRetry(confirmForm({ uri, name: "n".repeat(61) }), email)).toBeUndefined();
  });
});
