// `npm run certificate:verify` as a collector or the studio runs it: a real process, offline,
// with a database address that answers nothing (it must not be needed).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDidDocument } from "#app/certificates/did-document.ts";
import { issueCertificate } from "#app/certificates/issue-certificate.server.ts";
import { SigningKeyStore } from "#app/certificates/signing-keys.server.ts";
import { PRINT_FACTS } from "#tests/support/certificate-facts.ts";

const root = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-certificate-cli-"));
const studioData = path.join(work, "studio-data");
const good = path.join(work, "certificate.jwt");
const tampered = path.join(work, "tampered.jwt");
const didJson = path.join(work, "did.json");
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  const keys = new SigningKeyStore(studioData);
  const { text } = await issueCertificate(PRINT_FACTS, { keys, origin: "https://umbra.example" });
  fs.writeFileSync(good, `${text}\n`);
  // One character of the payload changed: what a forger who edits the edition would leave.
  const at = text.indexOf(".") + 40;
  fs.writeFileSync(tampered, text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1));
  fs.writeFileSync(didJson, JSON.stringify(buildDidDocument("https://umbra.example", await keys.publicKeys())));
});

function verify(args: string[], dataDir = studioData) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/certificate-verify.ts"), ...args],
    {
      cwd: root,
      env: { ...inherited, DATA_DIR: dataDir, DATABASE_URL: "postgres://nobody@127.0.0.1:9/none" },
      encoding: "utf8",
    },
  );
  return { code: result.status, output: result.stdout + result.stderr };
}

describe("npm run certificate:verify", () => {
  it("says VALID and prints the facts on the studio's machine (its key store), exit 0", () => {
    const { code, output } = verify([good]);
    expect(output).toMatch(/^Artist +Umbra$/m);
    expect(output).toMatch(/^Work +A Door in the Canopy, 2007$/m);
    expect(output).toMatch(/^Edition +3\/8$/m);
    expect(output).toMatch(/^Collector +Ana Lima$/m);
    expect(output).toMatch(/^VALID: signed by one of the studio's keys \(1 in .*keys\.json\)/m);
    expect(code).toBe(0);
    // Read only: the verifier made no file in the studio's folder.
    expect(fs.readdirSync(path.join(studioData, "signing-keys"))).toEqual(["keys.json"]);
  });

  it("says INVALID with the reason for a copy with one changed character, exit 1", () => {
    const { code, output } = verify([tampered]);
    expect(output.trim()).toBe("INVALID: The signature does not match: the file has been changed since it was signed.");
    expect(code).toBe(1);
  });

  it("checks against a saved did.json on a collector's machine, and says when it has no keys to check with", () => {
    const elsewhere = path.join(work, "collector-data");
    const withDid = verify([good, "--did", didJson], elsewhere);
    expect(withDid.output).toMatch(/^VALID: signed by one of the studio's keys \(1 in did\.json\)/m);
    expect(withDid.code).toBe(0);
    const alone = verify([good], elsewhere);
    expect(alone.output).toMatch(
      /NOT CONFIRMED: the file is intact .* Save https:\/\/umbra\.example\/\.well-known\/did\.json/s,
    );
    expect(alone.code).toBe(1);
    expect(fs.existsSync(elsewhere)).toBe(false);
  });

  it("refuses what is not a certificate with a reason, and wrong usage with exit 2", () => {
    const notCertificate = path.join(work, "notes.json");
    fs.writeFileSync(notCertificate, JSON.stringify({ hello: "world" }));
    expect(verify([notCertificate])).toEqual({
      code: 1,
      output: expect.stringMatching(/^INVALID: Not a certificate file/),
    });
    const missing = verify([path.join(work, "nowhere.jwt")]);
    expect(missing.code).toBe(2);
    expect(missing.output).toMatch(/Cannot open the certificate file .*nowhere\.jwt \(ENOENT\)/);
    expect(verify([]).code).toBe(2);
    expect(verify([good, "--did", notCertificate])).toMatchObject({
      code: 2,
      output: expect.stringMatching(/not a DID document/),
    });
    expect(verify(["--help"])).toMatchObject({
      code: 0,
      output: expect.stringMatching(/^Usage: npm run certificate:verify/),
    });
  });
});

describe("npm run certificate:key", () => {
  function key(args: string[], dataDir: string) {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts/certificate-key.ts"), ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      },
    );
    return { code: result.status, output: result.stdout + result.stderr };
  }

  it("rotates the studio's key, after which a certificate signed before still says VALID", () => {
    const listed = key(["list"], studioData);
    expect(listed.output).toMatch(/^signs now {2}\S{43} {2}made /m);
    const rotated = key(["rotate"], studioData);
    expect(rotated.code).toBe(0);
    expect(rotated.output).toMatch(/^Rotated: new signing key/m);
    expect(rotated.output.match(/^retired {3}/gm)).toHaveLength(1);
    expect(rotated.output.match(/^signs now/gm)).toHaveLength(1);
    expect(fs.readFileSync(path.join(studioData, "signing-keys", "keys.json"), "utf8").match(/privateD/g)).toHaveLength(
      1,
    );
    const { code, output } = verify([good]);
    expect(output).toMatch(/^VALID: signed by one of the studio's keys \(2 in /m);
    expect(code).toBe(0);
    expect(key(["burn"], studioData).code).toBe(2);
  });
});
