// `npm run admin -- create --email E`, `npm run admin -- reset-password --email E`,
// `npm run admin -- list`. The password is prompted for, or read from ADMIN_PASSWORD (scripts).
// With the embedded database, stop the server first: PGlite allows one process at a time.
import "#server/load-env-file.ts";
import readline from "node:readline";
import { AdminAccountError, createAdmin, listAdmins, resetAdminPassword } from "#app/auth/admin-accounts.server.ts";
import { getEnv } from "#app/config/env.server.ts";
import { CliError, parseCommandLine, runCommand, UsageError } from "./cli.ts";
import { openConfiguredDatabase } from "./cli-database.ts";

const usage = `Usage:
  npm run admin -- create --email you@example.com           create an admin
  npm run admin -- reset-password --email you@example.com   set a new password, end its sessions
  npm run admin -- list                                     list the admins
The password is prompted for, or taken from ADMIN_PASSWORD. With the embedded database, stop
the server first.`;

const COMMANDS = ["create", "reset-password", "list"] as const;
type Command = (typeof COMMANDS)[number];

const { values, positionals } = parseCommandLine({
  usage,
  options: { email: { type: "string" } },
  positionals: true,
});

async function askPassword(prompt: string): Promise<string> {
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

/** ADMIN_PASSWORD, or asked twice on the terminal. */
async function newPassword(fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new CliError("No terminal to ask for the password on: set ADMIN_PASSWORD to the new password instead.");
  }
  const password = await askPassword("Password: ");
  if ((await askPassword("Repeat password: ")) !== password) throw new CliError("The passwords do not match.");
  return password;
}

await runCommand(usage, async () => {
  const [command, ...extra] = positionals;
  if (!command) throw new UsageError("Say which command to run.");
  if (!COMMANDS.includes(command as Command)) throw new UsageError(`Unknown command "${command}".`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  if (command !== "list" && !values.email) throw new UsageError(`${command} needs --email.`);
  const env = getEnv();
  // Asked before opening the database, so a missing password costs nothing.
  const password = command === "list" ? "" : await newPassword(env.ADMIN_PASSWORD);
  const database = await openConfiguredDatabase(env);
  try {
    if (command === "list") {
      const admins = await listAdmins(database);
      if (admins.length === 0) console.log("No admin accounts.");
      for (const admin of admins) {
        console.log(
          `${admin.email}\t${admin.twoFactorEnabled ? "authenticator app" : "password only"}\tcreated ${admin.createdAt.toISOString()}`,
        );
      }
    } else if (command === "create") {
      await createAdmin(database, { email: values.email as string, password });
      console.log(`Created admin ${values.email}.`);
    } else {
      await resetAdminPassword(database, { email: values.email as string, password });
      console.log(`Set a new password for ${values.email}; its sessions were ended.`);
    }
  } finally {
    await database.close();
  }
}, [AdminAccountError]);
