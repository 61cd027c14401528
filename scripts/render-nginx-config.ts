// `npm run -s deploy:nginx -- --server-name umbra.example > umbra.conf` (-s: npm prints no banner):
// fills in deploy/nginx.conf.template's marked values and prints the nginx configuration.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { nginxLoggedUriMap } from "#app/security/secret-paths.ts";
import { foldersClosedToOthers } from "#scripts/folders-closed-to-others.ts";

const usage = `Usage: npm run -s deploy:nginx -- --server-name NAME [options] > umbra.conf

Prints the nginx configuration for Umbra (deploy/nginx.conf.template) with its values filled in.

Options:
  --server-name NAME   the site's host name, as in PUBLIC_URL (required)
  --app-dir DIR        the checkout whose build/ nginx serves (default: this checkout)
  --data-dir DIR       the app's DATA_DIR (default: /var/lib/umbra)
  --ports LIST         the app processes' ports, comma-separated (default: 3001,3002)
  --access-log FILE    nginx's access log for the site (default: /var/log/nginx/access.log)
  --plain ADDRESS      serve plain http on ADDRESS (host:port) with no TLS (tests only)
  --help               print this and exit`;

class UsageError extends Error {}

function render(values: {
  serverName: string;
  appDir: string;
  dataDir: string;
  ports: number[];
  accessLog: string;
  plain?: string;
}): string {
  const template = fs.readFileSync(path.join(import.meta.dirname, "../deploy/nginx.conf.template"), "utf8");
  // Without TLS, the HTTPS blocks go and the one server listens on the plain address.
  const kept = values.plain ? template.replace(/^# BEGIN tls\n[\s\S]*?^# END tls\n/gm, "") : template;
  const listen = values.plain
    ? `    listen ${values.plain};`
    : "    listen 443 ssl http2;\n    listen [::]:443 ssl http2;";
  const upstreams = values.ports.map((port) => `    server 127.0.0.1:${port};`).join("\n");
  const replacements: Record<string, string> = {
    "@SERVER_NAME@": values.serverName,
    "@APP_DIR@": values.appDir,
    "@DATA_DIR@": values.dataDir,
    "@UPSTREAMS@": upstreams,
    "@LISTEN@": listen,
    "@ACCESS_LOG@": values.accessLog,
    "@LOGGED_URI_MAP@": nginxLoggedUriMap(),
  };
  // The header comment names the markers; only the configuration below it gets values.
  const bodyStart = kept.indexOf("\nupstream ");
  const body = kept.slice(bodyStart).replace(/@[A-Z_]+@/g, (marker) => {
    const value = replacements[marker];
    if (value === undefined) throw new Error(`Unknown marker ${marker} in the template`);
    return value;
  });
  return `${kept.slice(0, bodyStart)}${body}`;
}

/**
 * nginx's workers (www-data) must enter every folder above what they serve: a checkout in /root
 * or a 0700 folder gives 403s and 404s for assets and pages, with nothing on the page to say why.
 */
function unreadableFolderWarnings(values: { appDir: string; dataDir: string }): string[] {
  return [values.appDir, values.dataDir].flatMap((dir) => {
    const closed = foldersClosedToOthers(dir);
    return closed.length === 0
      ? []
      : [
          `Warning: nginx's workers cannot enter ${closed.join(", ")}, so they cannot read ${dir}. Give others the x bit (chmod o+x ${closed.join(" ")}) or move it, e.g. the checkout to /srv/umbra/app (docs/deploying.md).`,
        ];
  });
}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      "server-name": { type: "string" },
      "app-dir": { type: "string" },
      "data-dir": { type: "string", default: "/var/lib/umbra" },
      ports: { type: "string", default: "3001,3002" },
      "access-log": { type: "string", default: "/var/log/nginx/access.log" },
      plain: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return undefined;
  const serverName = values["server-name"];
  if (!serverName) throw new UsageError("--server-name is required.");
  if (!/^[A-Za-z0-9.-]+$/.test(serverName)) throw new UsageError(`Not a host name: ${serverName}`);
  const appDir = path.resolve(values["app-dir"] ?? path.join(import.meta.dirname, ".."));
  const dataDir = path.resolve(values["data-dir"]);
  // Paths go into nginx directives unquoted.
  const accessLog = path.resolve(values["access-log"]);
  for (const dir of [appDir, dataDir, accessLog]) {
    if (/[\s;{}"'$]/.test(dir)) throw new UsageError(`A path nginx can take unquoted is needed: ${dir}`);
  }
  const ports = values.ports.split(",").map((p) => Number(p.trim()));
  if (ports.length === 0 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
    throw new UsageError(`--ports needs ports like 3001,3002, not ${values.ports}`);
  }
  if (values.plain !== undefined && !/^[0-9A-Za-z.:[\]]+:\d+$/.test(values.plain)) {
    throw new UsageError(`--plain needs host:port, not ${values.plain}`);
  }
  return { serverName, appDir, dataDir, ports, accessLog, plain: values.plain };
}

try {
  const options = parse(process.argv.slice(2));
  if (!options) {
    console.log(usage);
  } else {
    process.stdout.write(render(options));
    // On stderr, so the configuration piped into nginx's folder stays as it is.
    for (const warning of unreadableFolderWarnings(options)) console.error(warning);
  }
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof UsageError || code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  console.error(`Could not render the nginx configuration: ${(error as Error).message}`);
  process.exit(1);
}
