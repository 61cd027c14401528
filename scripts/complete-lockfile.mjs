// Adds to package-lock.json an entry for every optional platform package that a locked package lists in
// `optionalDependencies` but the lockfile lacks. npm leaves those out when the registry it talks to cannot
// serve them (the mirror reachable from the development machine answers 404 for other platforms' binaries),
// and `npm ci` then refuses the lockfile everywhere: "Missing: @biomejs/cli-android-arm64@ from lock file".
// Run it after every dependency change; see docs/decisions/014-complete-lockfile.md.
//
// Each entry comes from the registry when it answers (`npm view`, so the project's npm config applies).
// Otherwise it is derived from the package name, which is how these packages are named:
//   <prefix>-<os>-<cpu>[-<abi>]        @rollup/rollup-win32-arm64-msvc -> os win32, cpu arm64
//   @biomejs/cli-linux-x64-musl        -> os linux, cpu x64, libc musl
//   @img/sharp-linuxmusl-x64           -> os linux, cpu x64, libc musl
//   gnu, gnueabihf -> libc glibc; musl, musleabihf -> libc musl; msvc, eabi -> no libc
//   a plain linux package is glibc when its parent also lists a musl build (biome, sharp), else any libc (esbuild)
// A derived entry has no integrity: npm on the platform that installs it fetches <name>@<version> from its
// registry and trusts the checksum the registry gives. On every other platform npm skips it without fetching.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs, promisify } from "node:util";

// process.platform values and the few other names platform packages use.
const OS_TOKENS = new Set([
  "aix",
  "android",
  "darwin",
  "freebsd",
  "linux",
  "netbsd",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
]);
// process.arch values (and esbuild's mips64el). Not wasm32: packages disagree on whether to declare it.
const CPU_TOKENS = new Set([
  "arm",
  "arm64",
  "ia32",
  "loong64",
  "mips",
  "mipsel",
  "mips64el",
  "ppc",
  "ppc64",
  "riscv64",
  "s390",
  "s390x",
  "x64",
]);
const LIBC_OF_ABI = { gnu: "glibc", gnueabihf: "glibc", musl: "musl", musleabihf: "musl", msvc: null, eabi: null };
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
// What npm itself records for a registry package (arborist's shrinkwrap.js), minus what a leaf never has.
const MANIFEST_FIELDS = ["funding", "engines", "os", "cpu", "libc", "license", "bin", "deprecated"];

const usage = `Usage: node scripts/complete-lockfile.mjs [options]

Adds the optional platform packages missing from package-lock.json, so \`npm ci\` works on every platform.

Options:
  --check          list missing entries and exit 1 if there are any; write nothing
  --offline        do not ask the registry; derive every entry from its package name
  --refresh        also ask the registry again for entries written without integrity
  --lockfile PATH  lockfile to complete (default: package-lock.json beside package.json)
  -h, --help       show this help`;

/** The location npm resolves `name` to from the package at `from`: its own node_modules, then each ancestor's. */
export function resolveFrom(packages, from, name) {
  let base = from;
  for (;;) {
    const location = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[location]) return location;
    if (!base) return null;
    const i = base.lastIndexOf("/node_modules/");
    base = i === -1 ? "" : base.slice(0, i);
  }
}

/**
 * Optional dependencies the lockfile cannot resolve (`missing`, with the location to write them at and the
 * packages that list them) and those it resolves to another exact version (`stale`, left for npm install).
 */
export function findMissing(lock) {
  const packages = lock.packages ?? {};
  const planned = new Map(); // location -> missing entry
  const stale = [];
  for (const [parent, entry] of Object.entries(packages)) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      const found = resolveFrom(packages, parent, name);
      if (found) {
        const version = packages[found].version;
        if (EXACT_VERSION.test(spec) && version && version !== spec)
          stale.push({ location: found, name, spec, parent });
        continue;
      }
      // Nothing up to the root has this name, so the root slot is free unless another parent needs another version.
      const rootLocation = `node_modules/${name}`;
      const atRoot = planned.get(rootLocation);
      const location =
        !atRoot || atRoot.spec === spec ? rootLocation : `${parent ? `${parent}/` : ""}node_modules/${name}`;
      const missing = planned.get(location) ?? { location, name, spec, parents: [] };
      missing.parents.push(parent);
      planned.set(location, missing);
    }
  }
  return { missing: [...planned.values()], stale };
}

/** os/cpu/libc from a platform package's name, or null when the name does not say (see the top of this file). */
export function platformFromName(name, siblings = []) {
  const tokens = name.replace(/^@[^/]+\//, "").split("-");
  const osAt = tokens.findIndex((t) => OS_TOKENS.has(t) || t === "linuxmusl");
  if (osAt === -1 || tokens.includes("wasm32")) return null;
  const cpuAt = tokens.findIndex((t, i) => i > osAt && CPU_TOKENS.has(t));
  if (cpuAt === -1) return null;
  const abi = tokens[cpuAt + 1];
  if (abi !== undefined && (!(abi in LIBC_OF_ABI) || cpuAt + 2 < tokens.length)) return null;
  const os = tokens[osAt] === "linuxmusl" ? "linux" : tokens[osAt];
  let libc = abi === undefined ? null : LIBC_OF_ABI[abi];
  if (tokens[osAt] === "linuxmusl") libc = "musl";
  else if (os === "linux" && abi === undefined && siblings.some((s) => /-(linuxmusl|musl|musleabihf)(-|$)/.test(s)))
    libc = "glibc";
  if (os !== "linux") libc = null;
  return { os: [os], cpu: [tokens[cpuAt]], ...(libc ? { libc: [libc] } : {}) };
}

/** npm's flags for a package reached only through optional edges: dev or peer only if every parent is. */
export function flagsFor(lock, parents) {
  const entries = parents.map((p) => lock.packages[p] ?? {});
  return {
    ...(entries.every((e) => e.dev) ? { dev: true } : {}),
    optional: true,
    ...(entries.every((e) => e.peer) ? { peer: true } : {}),
  };
}

/** The other packages the parents list beside it; used for libc and to spot families whose builds have deps. */
function siblingsOf(lock, missing) {
  const names = new Set();
  for (const parent of missing.parents)
    for (const name of Object.keys(lock.packages[parent]?.optionalDependencies ?? {})) names.add(name);
  names.delete(missing.name);
  return [...names];
}

/** The entry for a missing package from its name alone, or { error } saying why it cannot be derived. */
export function derivedEntry(lock, missing) {
  if (!EXACT_VERSION.test(missing.spec)) return { error: `range ${missing.spec} needs the registry to pick a version` };
  const siblings = siblingsOf(lock, missing);
  const platform = platformFromName(missing.name, siblings);
  if (!platform) return { error: "its name does not say which os and cpu it is for" };
  // A derived entry cannot list dependencies; if the installed builds of this family have some, it would be wrong.
  for (const sibling of siblings) {
    const location = missing.parents.map((p) => resolveFrom(lock.packages, p, sibling)).find(Boolean);
    const entry = location && lock.packages[location];
    if (entry && (entry.dependencies || entry.optionalDependencies || entry.peerDependencies))
      return { error: `${sibling} has dependencies of its own, so this build probably does too` };
  }
  return { entry: { version: missing.spec, ...platform, ...flagsFor(lock, missing.parents) } };
}

/** The entry for a missing package from its registry manifest (`npm view --json`), or { error }. */
export function registryEntry(lock, missing, manifest, { withResolved = false } = {}) {
  for (const field of ["dependencies", "optionalDependencies", "peerDependencies"])
    if (Object.keys(manifest[field] ?? {}).length)
      return { error: `it has ${field}; let npm install lock it where the registry serves it` };
  const entry = { version: manifest.version };
  if (withResolved && manifest.dist?.tarball) entry.resolved = manifest.dist.tarball;
  if (manifest.dist?.integrity) entry.integrity = manifest.dist.integrity;
  for (const field of MANIFEST_FIELDS) {
    const value = field === "license" && typeof manifest.license === "object" ? manifest.license.type : manifest[field];
    if (value && (typeof value !== "object" || Object.keys(value).length)) entry[field] = value;
  }
  const scripts = manifest.scripts ?? {};
  if (manifest.hasInstallScript || scripts.preinstall || scripts.install || scripts.postinstall)
    entry.hasInstallScript = true;
  return { entry: { ...entry, ...flagsFor(lock, missing.parents) } };
}

/** Entries already written by this script without integrity, listed as missing so --refresh can retry them. */
export function findRefreshable(lock) {
  const refreshable = new Map();
  for (const [parent, entry] of Object.entries(lock.packages ?? {})) {
    for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
      const location = resolveFrom(lock.packages, parent, name);
      const found = location && lock.packages[location];
      if (!found || found.integrity || found.resolved || !found.optional || found.version !== spec) continue;
      const item = refreshable.get(location) ?? { location, name, spec, parents: [] };
      item.parents.push(parent);
      refreshable.set(location, item);
    }
  }
  return [...refreshable.values()];
}

/**
 * JSON the way npm writes its lockfile (json-stringify-nice with arborist's key order): at every level these keys
 * first, then scalars before objects, each group sorted with localeCompare("en"). So npm install leaves it as is.
 */
export function stringifyLockfile(lock, indent = 2, eol = "\n") {
  const preferred = [
    "name",
    "version",
    "lockfileVersion",
    "resolved",
    "integrity",
    "requires",
    "packages",
    "dependencies",
  ];
  const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);
  const compare = ([a, av], [b, bv]) => {
    if (isObject(av) !== isObject(bv)) return isObject(av) ? 1 : -1;
    const ai = preferred.indexOf(a);
    const bi = preferred.indexOf(b);
    if (ai !== -1 || bi !== -1) return ai === -1 ? 1 : bi === -1 ? -1 : ai - bi;
    return a.localeCompare(b, "en");
  };
  const sorted = (_key, value) => (isObject(value) ? Object.fromEntries(Object.entries(value).sort(compare)) : value);
  return `${JSON.stringify(lock, sorted, indent)}\n`.replace(/\n/g, eol);
}

async function viewManifest(name, spec) {
  // Under `npm run`, use the npm that runs us; otherwise the one on PATH.
  const npm = process.env.npm_execpath?.endsWith(".js") ? [process.execPath, [process.env.npm_execpath]] : ["npm", []];
  try {
    const { stdout } = await promisify(execFile)(npm[0], [...npm[1], "view", `${name}@${spec}`, "--json"], {
      maxBuffer: 16 * 1024 * 1024,
    });
    if (!stdout.trim()) return { error: "no such version" };
    const manifest = JSON.parse(stdout);
    // A range can match several versions; npm view lists them in ascending order.
    return { manifest: Array.isArray(manifest) ? manifest.at(-1) : manifest };
  } catch (error) {
    const code = /"code":\s*"([^"]+)"/.exec(error.stdout ?? "")?.[1];
    return { error: code ?? error.message.split("\n")[0] };
  }
}

async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function main() {
  const { values } = parseArgs({
    options: {
      check: { type: "boolean", default: false },
      offline: { type: "boolean", default: false },
      refresh: { type: "boolean", default: false },
      lockfile: { type: "string", default: path.resolve(import.meta.dirname, "..", "package-lock.json") },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }

  const text = await readFile(values.lockfile, "utf8");
  const lock = JSON.parse(text);
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? 2;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const { missing, stale } = findMissing(lock);
  for (const s of stale)
    console.error(
      `stale: ${s.location} is ${lock.packages[s.location].version}, ${s.parent} wants ${s.spec}; run npm install`,
    );

  if (values.check) {
    for (const m of missing) console.error(`missing: ${m.location}@${m.spec} (listed by ${m.parents.join(", ")})`);
    if (missing.length) console.error("Run `npm run lockfile:complete` to add the missing entries.");
    else if (stale.length === 0) console.log("package-lock.json lists every optional package.");
    return missing.length || stale.length ? 1 : 0;
  }

  const wanted = values.refresh && !values.offline ? [...missing, ...findRefreshable(lock)] : missing;
  const withResolved = Object.values(lock.packages).some((e) => e.resolved);
  const outcomes = await mapLimit(wanted, 8, async (m) => {
    const isRefresh = !missing.includes(m);
    if (!values.offline) {
      const viewed = await viewManifest(m.name, m.spec);
      const fromRegistry = viewed.manifest && registryEntry(lock, m, viewed.manifest, { withResolved });
      // A refresh only replaces an entry with a better one; the entry already there still works.
      if (isRefresh) return fromRegistry?.entry ? { m, ...fromRegistry, source: "registry" } : { m, skip: true };
      if (fromRegistry) return { m, ...fromRegistry, source: "registry" };
      const derived = derivedEntry(lock, m);
      return { m, ...derived, source: `derived from name (registry: ${viewed.error})` };
    }
    return { m, ...derivedEntry(lock, m), source: "derived from name" };
  });

  let failed = 0;
  for (const { m, entry, error, source, skip } of outcomes) {
    if (skip) continue;
    if (error) {
      failed++;
      console.error(`cannot add ${m.name}@${m.spec}: ${error}`);
      continue;
    }
    lock.packages[m.location] = entry;
    console.log(`${m.location}@${entry.version}: ${source}`);
  }
  const written = outcomes.filter((o) => o.entry).length;
  if (written) await writeFile(values.lockfile, stringifyLockfile(lock, indent, eol));
  console.log(`${written} entr${written === 1 ? "y" : "ies"} written, ${failed} could not be added.`);
  return failed || stale.length ? 1 : 0;
}

if (process.argv[1] === import.meta.filename) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error.message);
      process.exit(2);
    },
  );
}
