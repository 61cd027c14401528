// `npm run mail:dkim-key [-- --replace]`: the studio's DKIM key (decision 077), RSA 2048, in
// DATA_DIR/dkim/private-key.pem (0600), and the DNS TXT record to publish for it. Run again to
// print the record of the key already there. .env first: DATA_DIR and DKIM_* may come from it.
import "#server/load-env-file.ts";
import fs from "node:fs";
import { parseEnv } from "#app/config/env.server.ts";
import { setPrivateUmask } from "#app/db/private-data.server.ts";
import {
  DkimKeyError,
  dkimKeyFile,
  dkimPublicKey,
  dkimTxtRecord,
  dkimZoneLine,
  makeDkimKey,
} from "#app/email/dkim-key.server.ts";
import { parseCommandLine, runCommand, UsageError } from "./cli.ts";
import { dataDir } from "./embedded-database-cli.ts";

const usage = `Usage: npm run mail:dkim-key [-- --replace] [--domain DOMAIN] [--selector SELECTOR]

Makes the studio's DKIM signing key (RSA 2048) in DATA_DIR/dkim/private-key.pem (default
./data), readable by the server's user only, and prints the DNS TXT record to publish. With a
key already there it makes none and prints that key's record again.
  --replace           make a new key; the old one is kept beside it, renamed. Publish the new
                      record under a new selector, then set DKIM_SELECTOR to it.
  --domain DOMAIN     the signing domain (default: DKIM_DOMAIN)
  --selector NAME     the record's selector (default: DKIM_SELECTOR)
The server signs once DKIM_DOMAIN and DKIM_SELECTOR are set (docs/mail.md).`;

const { values } = parseCommandLine({
  usage,
  options: { replace: { type: "boolean" }, domain: { type: "string" }, selector: { type: "string" } },
});

await runCommand(usage, async () => {
  // The same checks, and messages, as the server's configuration.
  const env = parseEnv({
    ...process.env,
    DKIM_DOMAIN: values.domain ?? process.env.DKIM_DOMAIN,
    DKIM_SELECTOR: values.selector ?? process.env.DKIM_SELECTOR,
  });
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR) {
    throw new UsageError(
      "Say which domain signs and its selector: set DKIM_DOMAIN and DKIM_SELECTOR, or give --domain and --selector.",
    );
  }
  setPrivateUmask();
  const dir = dataDir();
  const file = dkimKeyFile(dir);
  let publicKey: ReturnType<typeof dkimPublicKey>;
  if (values.replace || !fs.existsSync(file)) {
    const made = makeDkimKey(dir, { replace: Boolean(values.replace) });
    publicKey = made.publicKey;
    console.log(`Made a DKIM key (RSA 2048) in ${file}, readable by this user only.`);
    if (made.replaced) console.log(`The key it replaces is kept in ${made.replaced}.`);
  } else {
    publicKey = dkimPublicKey(dir);
    console.log(`A DKIM key is already in ${file}; its record follows (--replace makes a new key).`);
  }
  const record = dkimTxtRecord(publicKey, env.DKIM_DOMAIN, env.DKIM_SELECTOR);
  console.log(`\nPublish this TXT record at ${record.name}:\n\n${record.value}\n`);
  console.log(`As a zone-file line (split into the 255-character strings DNS allows):\n\n${dkimZoneLine(record)}\n`);
  console.log("Then set DKIM_DOMAIN and DKIM_SELECTOR for the server and restart it. docs/mail.md has SPF and DMARC.");
}, [DkimKeyError]);
