import type { LongFormKind } from "#app/content/long-form.server.ts";

/** The long-form kinds, each routed at /<kind> and /<kind>/:slug (app/routes.ts). */
export const LONG_FORM_KINDS = ["articles", "interviews"] as const satisfies readonly LongFormKind[];

/** The kind a long-form URL is under: its first segment (`/articles.data`, a list's data, too). */
export function longFormKindOf(url: string | URL): LongFormKind {
  const segment = new URL(url, "http://x").pathname.split("/")[1]?.replace(/\.data$/, "");
  const kind = LONG_FORM_KINDS.find((k) => k === segment);
  if (!kind) throw new Error(`Not a long-form URL: ${String(url)}`);
  return kind;
}
