// `npm run certificate:key -- list | rotate`: the studio's certificate signing keys in DATA_DIR
// (decision 075). `rotate` retires the current key (its private half is deleted) and makes a new
// one; every earlier public key stays in did.json, so certificates already issued still verify.
// Safe while the server runs: it reads the key file afresh for every signature.
// .env first: DATA_DIR may come from it, as for the server.
import "#server/load-env-file.ts";
import { SigningKeyError, SigningKeyStore } from "#app/certificates/signing-keys.server.ts";
import { setPrivateUmask } from "#app/db/private-data.server.ts";
import { parseCommandLine, runCommand, UsageError } from "./cli.ts";
import { dataDir } from "./embedded-database-cli.ts";

const usage = `Usage: npm run certificate:key -- list | rotate

The studio's certificate signing keys, in DATA_DIR/signing-keys/keys.json (default ./data).
  list     every key, oldest first, and which one signs now (public halves only)
  rotate   retire the current key and make a new one; certificates signed with the old
           key still verify (its public half stays in /.well-known/did.json)
Rotate when the key file may have been copied by someone else, or on a schedule you choose.`;

const { positionals } = parseCommandLine({ usage, options: {}, positionals: true });

await runCommand(usage, async () => {
  const [action, ...extra] = positionals;
  if (extra.length > 0 || (action !== "list" && action !== "rotate")) throw new UsageError("Say list or rotate.");
  setPrivateUmask();
  const store = new SigningKeyStore(dataDir());
  if (action === "rotate") {
    const made = await store.rotate();
    console.log(`Rotated: new signing key ${made.keyId}. The old keys stay published, without their private halves.`);
  }
  const keys = store.existingPublicKeys() ?? [];
  if (keys.length === 0) console.log(`No signing key yet in ${store.file}: one is made with the first certificate.`);
  for (const key of keys)
    console.log(`${key.current ? "signs now" : "retired  "}  ${key.keyId}  made ${key.createdAt}`);
}, [SigningKeyError]);
