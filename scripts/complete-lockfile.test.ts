import { describe, expect, it } from "vitest";
import {
  derivedEntry,
  findMissing,
  findRefreshable,
  type Lockfile,
  platformFromName,
  registryEntry,
  stringifyLockfile,
} from "./complete-lockfile.mjs";

// A dev tool with per-platform builds where only the linux glibc one was locked, a production library whose
// locked build is the wrong version, a second dev tool wanting another version of one build, and an image
// library whose builds have dependencies of their own. npm records integrity for everything it fetched.
function fixture(): Lockfile {
  return {
    name: "app",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: "app", dependencies: { lib: "2.0.0", img: "1.0.0" }, devDependencies: { tool: "1.0.0" } },
      "node_modules/tool": {
        version: "1.0.0",
        dev: true,
        optionalDependencies: {
          "@x/tool-linux-x64": "1.0.0",
          "@x/tool-linux-x64-musl": "1.0.0",
          "@x/tool-darwin-arm64": "1.0.0",
          "@x/tool-win32-x64-msvc": "1.0.0",
        },
      },
      "node_modules/@x/tool-linux-x64": {
        version: "1.0.0",
        integrity: "sha512-AAAA",
        cpu: ["x64"],
        dev: true,
        libc: ["glibc"],
        optional: true,
        os: ["linux"],
      },
      "node_modules/other-tool": {
        version: "3.0.0",
        dev: true,
        optionalDependencies: { "@x/tool-darwin-arm64": "0.9.0" },
      },
      "node_modules/lib": {
        version: "2.0.0",
        optionalDependencies: { "@y/bin-linux-x64-gnu": "2.0.0", "@y/bin-linux-arm-gnueabihf": "2.0.0" },
      },
      "node_modules/@y/bin-linux-x64-gnu": {
        version: "1.9.0",
        integrity: "sha512-CCCC",
        optional: true,
        os: ["linux"],
        cpu: ["x64"],
      },
      "node_modules/img": {
        version: "1.0.0",
        optionalDependencies: { "@img/x-linux-x64": "1.0.0", "@img/x-darwin-arm64": "1.0.0" },
      },
      "node_modules/@img/x-linux-x64": {
        version: "1.0.0",
        integrity: "sha512-DDDD",
        optional: true,
        os: ["linux"],
        cpu: ["x64"],
        optionalDependencies: { "@img/x-libvips-linux-x64": "1.0.0" },
      },
      "node_modules/@img/x-libvips-linux-x64": {
        version: "1.0.0",
        integrity: "sha512-EEEE",
        optional: true,
        os: ["linux"],
        cpu: ["x64"],
      },
    },
  };
}

function missingNamed(lock: Lockfile, location: string) {
  const found = findMissing(lock).missing.find((m) => m.location === location);
  if (!found) throw new Error(`${location} is not missing`);
  return found;
}

describe("findMissing", () => {
  it("lists each optional dependency the lockfile cannot resolve, where to write it and who lists it", () => {
    const { missing } = findMissing(fixture());
    expect(missing).toEqual([
      {
        location: "node_modules/@x/tool-linux-x64-musl",
        name: "@x/tool-linux-x64-musl",
        spec: "1.0.0",
        parents: ["node_modules/tool"],
      },
      {
        location: "node_modules/@x/tool-darwin-arm64",
        name: "@x/tool-darwin-arm64",
        spec: "1.0.0",
        parents: ["node_modules/tool"],
      },
      {
        location: "node_modules/@x/tool-win32-x64-msvc",
        name: "@x/tool-win32-x64-msvc",
        spec: "1.0.0",
        parents: ["node_modules/tool"],
      },
      {
        // The root slot holds 1.0.0 for tool, so other-tool's version goes under other-tool.
        location: "node_modules/other-tool/node_modules/@x/tool-darwin-arm64",
        name: "@x/tool-darwin-arm64",
        spec: "0.9.0",
        parents: ["node_modules/other-tool"],
      },
      {
        location: "node_modules/@y/bin-linux-arm-gnueabihf",
        name: "@y/bin-linux-arm-gnueabihf",
        spec: "2.0.0",
        parents: ["node_modules/lib"],
      },
      {
        location: "node_modules/@img/x-darwin-arm64",
        name: "@img/x-darwin-arm64",
        spec: "1.0.0",
        parents: ["node_modules/img"],
      },
    ]);
  });

  it("reports a locked build of another version as stale instead of writing a second one", () => {
    expect(findMissing(fixture()).stale).toEqual([
      {
        location: "node_modules/@y/bin-linux-x64-gnu",
        name: "@y/bin-linux-x64-gnu",
        spec: "2.0.0",
        parent: "node_modules/lib",
      },
    ]);
  });

  it("finds nothing once the derived entries are written", () => {
    const lock = fixture();
    for (const m of findMissing(lock).missing) {
      const { entry } = derivedEntry(lock, m);
      if (entry) lock.packages[m.location] = entry;
    }
    expect(findMissing(lock).missing.map((m) => m.name)).toEqual(["@img/x-darwin-arm64"]);
  });
});

describe("platformFromName", () => {
  it.each([
    ["@rollup/rollup-win32-arm64-msvc", [], { os: ["win32"], cpu: ["arm64"] }],
    ["@rollup/rollup-win32-x64-gnu", [], { os: ["win32"], cpu: ["x64"] }],
    ["@rollup/rollup-android-arm-eabi", [], { os: ["android"], cpu: ["arm"] }],
    ["@rollup/rollup-linux-arm-gnueabihf", [], { os: ["linux"], cpu: ["arm"], libc: ["glibc"] }],
    ["@rollup/rollup-linux-riscv64-musl", [], { os: ["linux"], cpu: ["riscv64"], libc: ["musl"] }],
    ["@rollup/rollup-openharmony-arm64", [], { os: ["openharmony"], cpu: ["arm64"] }],
    ["@biomejs/cli-linux-x64-musl", [], { os: ["linux"], cpu: ["x64"], libc: ["musl"] }],
    ["@biomejs/cli-darwin-arm64", [], { os: ["darwin"], cpu: ["arm64"] }],
    ["@img/sharp-linuxmusl-arm64", [], { os: ["linux"], cpu: ["arm64"], libc: ["musl"] }],
    ["lightningcss-freebsd-x64", [], { os: ["freebsd"], cpu: ["x64"] }],
  ])("%s", (name, siblings, platform) => {
    expect(platformFromName(name, siblings)).toEqual(platform);
  });

  it("calls a plain linux build glibc only when its parent also lists a musl one", () => {
    expect(platformFromName("@biomejs/cli-linux-arm64", ["@biomejs/cli-linux-arm64-musl"])).toEqual({
      os: ["linux"],
      cpu: ["arm64"],
      libc: ["glibc"],
    });
    expect(platformFromName("@img/sharp-linux-s390x", ["@img/sharp-linuxmusl-x64"])?.libc).toEqual(["glibc"]);
    expect(platformFromName("@esbuild/linux-x64", ["@esbuild/darwin-x64"])).toEqual({ os: ["linux"], cpu: ["x64"] });
  });

  it.each([
    "@rolldown/binding-wasm32-wasi",
    "@img/sharp-freebsd-wasm32",
    "fsevents",
    "@x/tool-darwin-universal",
    "@x/tool-linux-x64-gnu-debug",
  ])("does not guess for %s", (name) => {
    expect(platformFromName(name)).toBeNull();
  });
});

describe("derivedEntry", () => {
  it("is the version, platform and npm's flags, with no integrity to check", () => {
    const lock = fixture();
    expect(derivedEntry(lock, missingNamed(lock, "node_modules/@x/tool-linux-x64-musl"))).toEqual({
      entry: { version: "1.0.0", os: ["linux"], cpu: ["x64"], libc: ["musl"], dev: true, optional: true },
    });
    expect(derivedEntry(lock, missingNamed(lock, "node_modules/@y/bin-linux-arm-gnueabihf"))).toEqual({
      entry: { version: "2.0.0", os: ["linux"], cpu: ["arm"], libc: ["glibc"], optional: true },
    });
  });

  it("refuses a build whose locked siblings have dependencies, since it cannot list its own", () => {
    const lock = fixture();
    expect(derivedEntry(lock, missingNamed(lock, "node_modules/@img/x-darwin-arm64")).error).toMatch(
      /@img\/x-linux-x64 has dependencies/,
    );
  });

  it("refuses a range, which only the registry can turn into a version", () => {
    const lock = fixture();
    const missing = { ...missingNamed(lock, "node_modules/@x/tool-darwin-arm64"), spec: "^1.0.0" };
    expect(derivedEntry(lock, missing).error).toMatch(/range/);
  });
});

describe("registryEntry", () => {
  const manifest = {
    name: "@x/tool-darwin-arm64",
    version: "1.0.0",
    license: "MIT",
    os: ["darwin"],
    cpu: ["arm64"],
    engines: { node: ">=18" },
    scripts: {},
    dist: {
      tarball: "https://registry.npmjs.org/@x/tool-darwin-arm64/-/tool-darwin-arm64-1.0.0.tgz",
      integrity: "sha512-BBBB",
    },
  };

  it("records what npm records for a registry package, without resolved when the lockfile has none", () => {
    const lock = fixture();
    expect(registryEntry(lock, missingNamed(lock, "node_modules/@x/tool-darwin-arm64"), manifest)).toEqual({
      entry: {
        version: "1.0.0",
        integrity: "sha512-BBBB",
        engines: { node: ">=18" },
        os: ["darwin"],
        cpu: ["arm64"],
        license: "MIT",
        dev: true,
        optional: true,
      },
    });
  });

  it("adds resolved when asked, and refuses a package with dependencies", () => {
    const lock = fixture();
    const missing = missingNamed(lock, "node_modules/@x/tool-darwin-arm64");
    expect(registryEntry(lock, missing, manifest, { withResolved: true }).entry?.resolved).toBe(manifest.dist.tarball);
    expect(registryEntry(lock, missing, { ...manifest, dependencies: { a: "1.0.0" } }).error).toMatch(/dependencies/);
  });
});

describe("findRefreshable", () => {
  it("lists the entries written without integrity, for --refresh to ask the registry again", () => {
    const lock = fixture();
    const missing = missingNamed(lock, "node_modules/@x/tool-darwin-arm64");
    lock.packages[missing.location] = derivedEntry(lock, missing).entry!;
    expect(findRefreshable(lock).map((m) => m.location)).toEqual(["node_modules/@x/tool-darwin-arm64"]);
  });
});

describe("stringifyLockfile", () => {
  it("orders keys as npm does: its preferred keys, then scalars, then objects, each alphabetically", () => {
    const text = stringifyLockfile({
      packages: { "node_modules/b": { os: ["linux"], optional: true, version: "1.0.0", engines: { node: ">=18" } } },
      requires: true,
      lockfileVersion: 3,
      name: "app",
    });
    expect(text).toBe(
      `${JSON.stringify(
        {
          name: "app",
          lockfileVersion: 3,
          requires: true,
          packages: {
            "node_modules/b": { version: "1.0.0", optional: true, os: ["linux"], engines: { node: ">=18" } },
          },
        },
        null,
        2,
      )}\n`,
    );
  });
});
