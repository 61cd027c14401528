// The key store on a real disk: where the key lives and who may read it, two processes' first
// use at once, rotation, and a damaged file, whose error never carries the private key.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SigningKeyError, SigningKeyStore } from "./signing-keys.server.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-signing-keys-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const privateHalf = (store: SigningKeyStore): string =>
  (JSON.parse(fs.readFileSync(store.file, "utf8")) as { keys: { privateD?: string }[] }).keys.find(
    (key) => key.privateD,
  )?.privateD ?? "";

describe("the studio's signing keys", () => {
  it("are made at first use in DATA_DIR/signing-keys/keys.json, file 0600 in a folder 0700, and kept", async () => {
    const store = new SigningKeyStore(path.join(work, "first"));
    expect(fs.existsSync(store.file)).toBe(false);
    expect(store.existingPublicKeys()).toBeUndefined();
    const first = await store.currentSigningKey();
    expect(store.file).toBe(path.join(work, "first", "signing-keys", "keys.json"));
    expect(fs.statSync(store.file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(store.folder).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(store.folder)).toEqual(["keys.json"]);
    // A new store on the same folder (a restart) signs with the same key.
    expect((await new SigningKeyStore(path.join(work, "first")).currentSigningKey()).keyId).toBe(first.keyId);
  });

  it("never hand out the private key: not in what they return, nor in how a key prints", async () => {
    const store = new SigningKeyStore(path.join(work, "quiet"));
    const current = await store.currentSigningKey();
    const d = privateHalf(store);
    expect(d).toMatch(/^[\w-]{43}$/);
    expect(current.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("jwk", current.privateKey)).rejects.toThrow();
    const shown = [
      JSON.stringify(current),
      JSON.stringify(await store.publicKeys()),
      JSON.stringify(store.existingPublicKeys()),
      String(current.privateKey),
      JSON.stringify(current.jwk),
    ].join("\n");
    expect(shown).not.toContain(d);
  });

  it("agree on one key when two processes use them first at the same moment", async () => {
    const dir = path.join(work, "race");
    const made = await Promise.all(Array.from({ length: 8 }, () => new SigningKeyStore(dir).currentSigningKey()));
    expect(new Set(made.map((key) => key.keyId)).size).toBe(1);
    expect(fs.readdirSync(path.join(dir, "signing-keys"))).toEqual(["keys.json"]);
  });

  it("rotate: a new current key, every old public key kept, the old private key gone", async () => {
    const store = new SigningKeyStore(path.join(work, "rotate"));
    const first = await store.currentSigningKey();
    const oldD = privateHalf(store);
    const second = await store.rotate();
    const third = await store.rotate();
    const keys = await store.publicKeys();
    expect(keys.map((key) => [key.keyId, key.current])).toEqual([
      [first.keyId, false],
      [second.keyId, false],
      [third.keyId, true],
    ]);
    expect((await store.currentSigningKey()).keyId).toBe(third.keyId);
    const text = fs.readFileSync(store.file, "utf8");
    expect(text).not.toContain(oldD);
    expect(text.match(/privateD/g)).toHaveLength(1);
    expect(fs.statSync(store.file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(store.folder)).toEqual(["keys.json"]);
  });

  it("refuse a second rotation while one holds the lock", async () => {
    const store = new SigningKeyStore(path.join(work, "locked"));
    await store.currentSigningKey();
    fs.writeFileSync(`${store.file}.lock`, "");
    await expect(store.rotate()).rejects.toThrow(/Another rotation .* under way/);
    fs.rmSync(`${store.file}.lock`);
    await expect(store.rotate()).resolves.toMatchObject({ current: true });
  });

  it("name a damaged file without quoting it, and close a file left readable by others", async () => {
    const store = new SigningKeyStore(path.join(work, "damaged"));
    await store.currentSigningKey();
    const d = privateHalf(store);
    fs.chmodSync(store.file, 0o644);
    await store.publicKeys();
    expect(fs.statSync(store.file).mode & 0o777).toBe(0o600);

    const text = fs.readFileSync(store.file, "utf8");
    fs.writeFileSync(store.file, text.slice(0, text.indexOf(d) + 10));
    const error = (await store.currentSigningKey().then(
      () => new Error("no error"),
      (caught: unknown) => caught,
    )) as Error;
    expect(error).toBeInstanceOf(SigningKeyError);
    expect(error.message).toMatch(/are damaged; restore the file from a backup/);
    expect(`${error.message}${error.stack}${JSON.stringify(error)}${String(error.cause)}`).not.toContain(
      d.slice(0, 10),
    );
  });
});
