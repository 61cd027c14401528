// Types for complete-lockfile.mjs, which stays plain JavaScript so it runs on Node with nothing installed.

export type LockEntry = {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  peer?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
};
export type Lockfile = { packages: Record<string, LockEntry>; [field: string]: unknown };
export type Missing = { location: string; name: string; spec: string; parents: string[] };
export type Stale = { location: string; name: string; spec: string; parent: string };
export type Platform = { os: string[]; cpu: string[]; libc?: string[] };
export type EntryResult = { entry: LockEntry; error?: undefined } | { error: string; entry?: undefined };

export function resolveFrom(packages: Lockfile["packages"], from: string, name: string): string | null;
export function findMissing(lock: Lockfile): { missing: Missing[]; stale: Stale[] };
export function platformFromName(name: string, siblings?: string[]): Platform | null;
export function flagsFor(lock: Lockfile, parents: string[]): { dev?: true; optional: true; peer?: true };
export function derivedEntry(lock: Lockfile, missing: Missing): EntryResult;
export function registryEntry(
  lock: Lockfile,
  missing: Missing,
  manifest: Record<string, unknown>,
  options?: { withResolved?: boolean },
): EntryResult;
export function findRefreshable(lock: Lockfile): Missing[];
export function stringifyLockfile(lock: unknown, indent?: number | string, eol?: string): string;
