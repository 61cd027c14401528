// `npm run admin -- create --email E`, `npm run admin -- reset-password --email E`,
// `npm run admin -- list`. The password is prompted for, or read from ADMIN_PASSWORD (scripts).
// With the embedded database, stop the server first: PGlite allows one process at a time.
import readline from "node:readline";
import { AdminAccountError, createAdmin, listAdmins, resetAdminPassword } from "~/auth/admin-accounts.server";
import { ConfigError, getEnv } from "~/config/env.server";
import { openDatabase } from "~/db/database.server";

const usage = `Usage:
  npm run admin -- create --email you@example.com
  npm run admin -- reset-password --email you@example.com
  npm run admin -- list
The password is prompted for, or taken from ADMIN_PASSWORD.`;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function askPassword(prompt: string): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Do not echo what is typed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (text: string) => {
    if (text.includes(prompt)) process.stdout.write(text);
  };
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

const command = process.argv[2];
if (!command || !["create", "reset-password", "list"].includes(command)) {
  console.log(usage);
  process.exit(command ? 1 : 0);
}

try {
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    if (command === "list") {
      const admins = await listAdmins(database);
      if (admins.length === 0) console.log("No admin accounts.");
      for (const admin of admins) {
        console.log(
          `${admin.email}\t${admin.twoFactorEnabled ? "authenticator app" : "password only"}\tcreated ${admin.createdAt.toISOString()}`,
        );
      }
    } else {
      const email = option("email");
      if (!email) throw new AdminAccountError(`--email is required.\n${usage}`);
      const password = await askPassword("Password: ");
      if (!process.env.ADMIN_PASSWORD && (await askPassword("Repeat password: ")) !== password) {
        throw new AdminAccountError("The passwords do not match.");
      }
      if (command === "create") {
        await createAdmin(database, { email, password });
        console.log(`Created admin ${email}.`);
      } else {
        await resetAdminPassword(database, { email, password });
        console.log(`Set a new password for ${email}; its sessions were ended.`);
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof AdminAccountError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
