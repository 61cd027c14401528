import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DkimKeyError,
  dkimKeyFile,
  dkimPublicKey,
  dkimTxtRecord,
  dkimZoneLine,
  loadDkimSigning,
  makeDkimKey,
} from "./dkim-key.server.ts";

describe("the studio's DKIM key", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-dkim-key-"));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is made RSA 2048, owner-only (file 0600, folder 0700) whatever the umask", () => {
    const umask = process.umask(0);
    try {
      makeDkimKey(dataDir);
    } finally {
      process.umask(umask);
    }
    const file = dkimKeyFile(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(dkimPublicKey(dataDir).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["private-key.pem"]);
  });

  it("is never replaced unasked; replaced, the old key is kept aside", () => {
    makeDkimKey(dataDir);
    const before = fs.readFileSync(dkimKeyFile(dataDir), "utf8");
    expect(() => makeDkimKey(dataDir)).toThrow(/already exists.*--replace/);
    const { replaced } = makeDkimKey(dataDir, { replace: true });
    expect(fs.readFileSync(replaced ?? "", "utf8")).toBe(before);
    expect(fs.readFileSync(dkimKeyFile(dataDir), "utf8")).not.toBe(before);
  });

  it("gives the DNS record receivers look up, split into 255-character strings for a zone file", () => {
    const { publicKey } = makeDkimKey(dataDir);
    const record = dkimTxtRecord(publicKey, "umbra.example", "umbra2026");
    expect(record.name).toBe("umbra2026._domainkey.umbra.example");
    expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    const line = dkimZoneLine(record);
    const strings = [...line.matchAll(/"([^"]*)"/g)].map((match) => match[1] ?? "");
    expect(strings.every((part) => part.length <= 255)).toBe(true);
    expect(strings.join("")).toBe(record.value);
  });

  it("is loaded for signing, and made owner-only again if someone loosened it", () => {
    makeDkimKey(dataDir);
    fs.chmodSync(dkimKeyFile(dataDir), 0o644);
    const signing = loadDkimSigning(dataDir, "umbra.example", "umbra2026");
    expect(signing).toMatchObject({ domainName: "umbra.example", keySelector: "umbra2026" });
    expect(signing.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(fs.statSync(dkimKeyFile(dataDir)).mode & 0o777).toBe(0o600);
  });

  it("refuses a missing, unreadable or weak key with what to do, never quoting the file", () => {
    expect(() => loadDkimSigning(dataDir, "umbra.example", "s1")).toThrow(/no key in .*run npm run mail:dkim-key/);
    fs.mkdirSync(path.dirname(dkimKeyFile(dataDir)), { recursive: true });
    fs.writeFileSync(dkimKeyFile(dataDir), "-----BEGIN PRIVATE KEY-----\nNOT-A-KEY-BUT-SECRET\n");
    const garbled = () => loadDkimSigning(dataDir, "umbra.example", "s1");
    expect(garbled).toThrow(DkimKeyError);
    expect(garbled).toThrow(/^(?!.*SECRET)/s);
    const weak = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey;
    fs.writeFileSync(dkimKeyFile(dataDir), weak.export({ type: "pkcs8", format: "pem" }));
    expect(() => loadDkimSigning(dataDir, "umbra.example", "s1")).toThrow(/must be RSA of 2048 bits/);
    const ed = generateKeyPairSync("ed25519").privateKey;
    fs.writeFileSync(dkimKeyFile(dataDir), ed.export({ type: "pkcs8", format: "pem" }));
    expect(() => loadDkimSigning(dataDir, "umbra.example", "s1")).toThrow(/must be RSA/);
  });
});
