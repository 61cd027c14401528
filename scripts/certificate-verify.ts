// `npm run certificate:verify -- FILE`: checks a certificate file offline (decision 075): no
// database, no network. The studio's keys come from `--did` (a saved did.json) or, on the
// studio's own machine, from DATA_DIR's key store, read only. Exit 0 valid, 1 not, 2 usage.
// .env first: DATA_DIR may come from it, as for the server.
import "#server/load-env-file.ts";
import fs from "node:fs";
import path from "node:path";
import { certificateLines, didJsonAddressOf } from "#app/certificates/certificate-lines.ts";
import { MAX_JWS_CHARACTERS } from "#app/certificates/compact-jws.ts";
import { type StudioKey, studioKeysFromDidDocument } from "#app/certificates/did-document.ts";
import { SigningKeyError, SigningKeyStore } from "#app/certificates/signing-keys.server.ts";
import { verifyCertificate } from "#app/certificates/verify-certificate.ts";
import { parseCommandLine, runCommand, UsageError } from "./cli.ts";
import { dataDir } from "./embedded-database-cli.ts";

const usage = `Usage: npm run certificate:verify -- FILE [--did DID_JSON]

Checks a certificate of authenticity file offline: its signature over every byte, and that the
key which signed it is the studio's. Prints its facts and VALID, or INVALID with the reason.
  --did DID_JSON  the studio's did.json, saved from https://<the site>/.well-known/did.json;
                  without it, the studio's own keys in DATA_DIR (default ./data) are used
Exit code: 0 valid, 1 invalid or not checkable, 2 wrong usage.`;

const { values, positionals } = parseCommandLine({ usage, options: { did: { type: "string" } }, positionals: true });

await runCommand(usage, async () => {
  if (positionals.length !== 1) throw new UsageError("Give one certificate file.");
  const file = path.resolve(positionals[0] as string);
  const text = readAtMost(file, MAX_JWS_CHARACTERS + 1, "certificate file");
  const keys = values.did ? keysFromDidFile(path.resolve(values.did)) : keysInDataDir();
  const verdict = await verifyCertificate(text, keys?.keys);
  if (!verdict.valid) {
    console.log(`INVALID: ${verdict.reason}`);
    process.exitCode = 1;
    return;
  }
  for (const [label, value] of certificateLines(verdict.credential)) console.log(`${label.padEnd(14)} ${value}`);
  console.log(`${"Signed by".padEnd(14)} ${verdict.kid}`);
  console.log("");
  if (!keys) {
    console.log(
      "NOT CONFIRMED: the file is intact and signed by the key it carries, but no studio keys were at hand to\n" +
        `say that key is the studio's. Save ${didJsonAddressOf(verdict.kid)} and run again with --did <that file>.`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(`VALID: signed by one of the studio's keys (${keys.source}), unchanged since it was signed.`);
});

function readAtMost(file: string, limit: number, what: string): string {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (error) {
    throw new UsageError(`Cannot open the ${what} ${file} (${(error as NodeJS.ErrnoException).code}).`);
  }
  try {
    const buffer = Buffer.alloc(limit);
    const read = fs.readSync(fd, buffer, 0, limit, 0);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

function keysFromDidFile(file: string): { keys: StudioKey[]; source: string } {
  let document: unknown;
  try {
    document = JSON.parse(readAtMost(file, 1024 * 1024, "did.json"));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${file} is not JSON; save the studio's did.json as it is served.`);
  }
  const read = studioKeysFromDidDocument(document);
  if (!read.ok) throw new UsageError(`${file}: ${read.reason}`);
  return { keys: read.keys, source: `${read.keys.length} in ${path.basename(file)}` };
}

/** The studio machine's own keys, read only: this never makes a key. */
function keysInDataDir(): { keys: StudioKey[]; source: string } | undefined {
  const store = new SigningKeyStore(dataDir());
  let keys: ReturnType<SigningKeyStore["existingPublicKeys"]>;
  try {
    keys = store.existingPublicKeys();
  } catch (error) {
    if (!(error instanceof SigningKeyError)) throw error;
    console.error(`${error.message} Checking without it.`);
    return undefined;
  }
  if (!keys) return undefined;
  return {
    keys: keys.map((key) => ({ kid: `#${key.keyId}`, jwk: key.jwk })),
    source: `${keys.length} in ${store.file}`,
  };
}
