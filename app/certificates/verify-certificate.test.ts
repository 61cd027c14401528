// Issue a certificate with a real key store on disk, then try to break it: every single changed
// character, other keys, forged headers, and files that are not certificates at all.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PRINT_FACTS } from "#tests/support/certificate-facts.ts";
import { textToBase64url } from "./base64url.ts";
import { signCompactJws } from "./compact-jws.ts";
import { buildDidDocument, type StudioKey, studioKeysFromDidDocument } from "./did-document.ts";
import { CertificateFactsError, issueCertificate } from "./issue-certificate.server.ts";
import { SigningKeyStore } from "./signing-keys.server.ts";
import { verifyCertificate } from "./verify-certificate.ts";

const ORIGIN = "https://umbra.example";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-certificates-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const studio = new SigningKeyStore(path.join(work, "studio"));
const stranger = new SigningKeyStore(path.join(work, "stranger"));

/** The studio's keys as a verifier reads them from its published did.json. */
async function publishedKeys(store = studio): Promise<StudioKey[]> {
  const read = studioKeysFromDidDocument(
    JSON.parse(JSON.stringify(buildDidDocument(ORIGIN, await store.publicKeys()))),
  );
  if (!read.ok) throw new Error(read.reason);
  return read.keys;
}

const issue = (store = studio, facts = PRINT_FACTS) => issueCertificate(facts, { keys: store, origin: ORIGIN });

describe("a certificate, issued and verified", () => {
  it("round-trips: the facts come back, checked against the studio's keys and from the file alone", async () => {
    const issued = await issue();
    expect(issued.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(issued.text).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(issued.credential.id).toBe(`${ORIGIN}/verify/${issued.id}`);

    const checked = await verifyCertificate(`${issued.text}\n`, await publishedKeys());
    if (!checked.valid) throw new Error(checked.reason);
    expect(checked.credential.credentialSubject).toEqual(PRINT_FACTS);
    expect(checked.credential.type).toEqual(["VerifiableCredential", "CertificateOfAuthenticity"]);
    expect(checked.credential.issuer).toBe("did:web:umbra.example");
    expect(checked.kid).toBe(`did:web:umbra.example#${checked.thumbprint}`);
    expect(checked.keyIsStudios).toBe(true);

    const alone = await verifyCertificate(issued.text);
    expect(alone).toMatchObject({ valid: true, keyIsStudios: false, thumbprint: checked.thumbprint });
  });

  it("gives every certificate its own unguessable id", async () => {
    const ids = new Set(await Promise.all(Array.from({ length: 20 }, async () => (await issue()).id)));
    expect(ids.size).toBe(20);
  });

  it("keeps a private collector's name out of the file entirely", async () => {
    const issued = await issue(studio, { ...PRINT_FACTS, collector: { private: true } });
    const payload = atob(issued.text.split(".")[1]?.replace(/-/g, "+").replace(/_/g, "/") ?? "");
    expect(payload).not.toContain("Ana Lima");
    const checked = await verifyCertificate(issued.text, await publishedKeys());
    expect(checked.valid && checked.credential.credentialSubject.collector).toEqual({ private: true });
  });

  it("refuses facts that do not hold, before signing", async () => {
    await expect(issue(studio, { ...PRINT_FACTS, edition: "9/8" })).rejects.toThrow(CertificateFactsError);
    await expect(issue(studio, { ...PRINT_FACTS, imageSha256: "not a hash" })).rejects.toThrow(/imageSha256/);
  });
});

describe("a changed file", () => {
  it("fails with a plain reason whichever single character is changed", async () => {
    const { text } = await issue();
    const keys = await publishedKeys();
    const reasons = new Map<string, number>();
    for (let index = 0; index < text.length; index++) {
      const replacement = text[index] === "A" ? "B" : "A";
      const changed = text.slice(0, index) + replacement + text.slice(index + 1);
      const verdict = await verifyCertificate(changed, keys);
      expect(verdict.valid, `character ${index} of ${text.length} changed`).toBe(false);
      if (!verdict.valid) reasons.set(verdict.reason, (reasons.get(verdict.reason) ?? 0) + 1);
    }
    for (const reason of reasons.keys()) expect(reason).toMatch(/^[A-Z][^\n]{20,240}[.)]$/);
    expect([...reasons.keys()]).toContain(
      "The signature does not match: the file has been changed since it was signed.",
    );
    console.log(`${text.length} single-character changes, all refused:`, Object.fromEntries(reasons));
  });
});

describe("keys", () => {
  it("refuses a certificate signed by a key that is not the studio's", async () => {
    const forged = await issue(stranger);
    const verdict = await verifyCertificate(forged.text, await publishedKeys());
    expect(verdict).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/^Signed by a key that is not the studio's/),
    });
  });

  it("refuses a file whose header names the studio's key but carries another", async () => {
    const studioKey = (await studio.publicKeys()).at(-1);
    const strangerKey = await stranger.currentSigningKey();
    const payload = new TextEncoder().encode(
      atob((await issue()).text.split(".")[1]?.replace(/-/g, "+").replace(/_/g, "/") ?? ""),
    );
    const header = { alg: "EdDSA", typ: "vc+jwt", kid: `did:web:umbra.example#${studioKey?.keyId}` };
    const carrying = await signCompactJws({ ...header, jwk: strangerKey.jwk }, payload, strangerKey.privateKey);
    expect(await verifyCertificate(carrying)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/not the key its header names/),
    });
    const bare = await signCompactJws(header, payload, strangerKey.privateKey);
    expect(await verifyCertificate(bare, await publishedKeys())).toMatchObject({
      valid: false,
      reason: "The signature does not match: the file has been changed since it was signed.",
    });
  });

  it("still verifies certificates signed before a rotation, and signs new ones with the new key", async () => {
    const store = new SigningKeyStore(path.join(work, "rotating"));
    const before = await issue(store);
    const rotated = await store.rotate();
    const after = await issue(store);
    const keys = await publishedKeys(store);
    expect(keys).toHaveLength(2);
    const old = await verifyCertificate(before.text, keys);
    const fresh = await verifyCertificate(after.text, keys);
    expect(old.valid && fresh.valid).toBe(true);
    expect(fresh.valid && fresh.thumbprint).toBe(rotated.keyId);
    expect(old.valid && old.thumbprint).not.toBe(rotated.keyId);
  });
});

describe("what is not a certificate", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["an empty file", "", /^Not a certificate file: it is empty/],
    ["a huge file", "a".repeat(5_000_000), /far larger than any certificate/],
    ["plain text", "Certificate of authenticity, trust me", /three runs of letters and digits/],
    ["JSON", JSON.stringify({ "@context": "https://www.w3.org/ns/credentials/v2" }), /three runs/],
    ["a header that is not JSON", `${textToBase64url("alg: EdDSA")}.e30.AAAA`, /header cannot be read/],
    [
      'alg "none"',
      `${textToBase64url(JSON.stringify({ alg: "none", typ: "vc+jwt" }))}.${textToBase64url("{}")}.`,
      /algorithm "none", and only Ed25519/,
    ],
    [
      "a plain JWT",
      `${textToBase64url(JSON.stringify({ alg: "EdDSA", typ: "JWT" }))}.${textToBase64url("{}")}.AAAA`,
      /says it is "JWT", not a signed credential/,
    ],
  ];
  for (const [name, text, reason] of cases) {
    it(`refuses ${name} with a reason`, async () => {
      expect(await verifyCertificate(text)).toEqual({ valid: false, reason: expect.stringMatching(reason) });
    });
  }

  it("refuses a value that is not text, and something the studio signed that is not a certificate", async () => {
    expect(await verifyCertificate(42 as unknown as string)).toEqual({
      valid: false,
      reason: expect.stringMatching(/not text/),
    });
    const key = await studio.currentSigningKey();
    const header = { alg: "EdDSA", typ: "vc+jwt", kid: `did:web:umbra.example#${key.keyId}`, jwk: key.jwk };
    const signed = await signCompactJws(header, new TextEncoder().encode('{"hello":"world"}'), key.privateKey);
    expect(await verifyCertificate(signed, await publishedKeys())).toEqual({
      valid: false,
      reason: expect.stringMatching(
        /^Signed, but not a certificate of authenticity this checker understands \(@context/,
      ),
    });
  });
});
