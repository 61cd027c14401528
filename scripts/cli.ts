// What every command-line tool shares: argument parsing with --help (node:util parseArgs), exit
// codes (0 done, 1 failed, 2 wrong usage), and plain messages instead of stack traces for the
// failures a user can fix.
import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { ConfigError } from "#app/config/env.server.ts";
import { diskFullLine, isDiskFull } from "#app/observability/disk-full.ts";

/** A failure the user can act on: its message is printed as is, and the tool exits with 1. */
export class CliError extends Error {
  override name = "CliError";
}

/** Wrong usage: the message and the usage are printed, and the tool exits with 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

type Options = NonNullable<ParseArgsConfig["options"]>;
type Parsed<T extends Options> = ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>>;

/**
 * Parses process.argv. `--help` (or `-h`) prints `usage` and exits 0 before anything runs; an
 * unknown option, a missing value or an unexpected argument prints the problem and the usage
 * and exits 2.
 */
export function parseCommandLine<T extends Options>(config: {
  usage: string;
  options: T;
  positionals?: boolean;
}): Parsed<T> {
  let parsed: Parsed<T> & { values: { help?: boolean } };
  try {
    parsed = parseArgs({
      options: { ...config.options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    exitWithUsage(config.usage, (error as Error).message);
  }
  if (parsed.values.help) {
    console.log(config.usage);
    process.exit(0);
  }
  if (!config.positionals && parsed.positionals.length > 0) {
    exitWithUsage(config.usage, `Unexpected argument "${parsed.positionals[0]}".`);
  }
  return parsed;
}

export function exitWithUsage(usage: string, problem: string): never {
  console.error(`${problem}\n\n${usage}`);
  process.exit(2);
}

/**
 * Runs a tool's body. Expected failures (bad configuration, a database in use or unreachable,
 * a full disk, a CliError) print their message alone and exit 1; anything else is a bug and
 * keeps its stack.
 */
export async function runCommand(
  usage: string,
  body: () => Promise<void>,
  expected: Array<new (...args: never[]) => Error> = [],
) {
  try {
    await body();
  } catch (error) {
    if (error instanceof UsageError) exitWithUsage(usage, error.message);
    if (error instanceof CliError || error instanceof ConfigError || expected.some((type) => error instanceof type)) {
      console.error((error as Error).message);
      process.exit(1);
    }
    // Not a bug: the operator frees space. The error may name no file, so DATA_DIR is named.
    if (isDiskFull(error)) {
      console.error(diskFullLine(error, path.resolve(process.env.DATA_DIR || "./data")));
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  }
}
