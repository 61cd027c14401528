import { data } from "react-router";
import { z } from "zod";
import type { Catalogue } from "#app/catalogue/catalogue.ts";
import { ROOM_LIMITS, type RoomForm, type RoomFormErrors } from "./room-form.ts";

const noStore = { "Cache-Control": "no-store" };

/** A 4xx whose sentence the admin screens' error boundary shows. */
export function badRoomInput(message: string, status = 400): never {
  throw data(message, { status, headers: noStore });
}

/** What a save writes, once checked. */
export interface RoomInput {
  title: string;
  introduction: string;
  showPrice: boolean;
  showAvailability: boolean;
  showEdition: boolean;
  expiresAt: Date | null;
  passcode: { kind: "keep" } | { kind: "set"; value: string } | { kind: "remove" };
  downloads: { label: string; path: string }[];
  works: { slug: string; note: string; price: string }[];
}

/** A room or link number from the address or a form: digits that fit the id column, else a 400. */
export function readRoomId(value: unknown, what = "room"): number {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
    badRoomInput(`That is not a ${what} number.`);
  }
  return Number(value);
}

/**
 * A site path: starts with one `/`, no scheme, no `..`, no backslash, no query tricks; what a
 * download link on the room page may point at (the catalogue PDF, a file under /files/).
 */
export function isSitePath(value: string): boolean {
  return (
    /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(value) &&
    !value.split("/").some((segment) => segment === ".." || segment === ".") &&
    !/%(?![0-9A-Fa-f]{2})/.test(value) &&
    !/%2[fF]|%5[cC]|%2[eE]/.test(value)
  );
}

/** `2026-12-31T18:00` read as UTC; undefined when it is not a real date and time. */
export function parseUtcField(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 16) !== value.slice(0, 16)) return undefined;
  return date;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const texts = (form: FormData, name: string) =>
  form.getAll(name).map((value) => (typeof value === "string" ? value : ""));

/**
 * The editor's fields as typed, from a form submission. Works and downloads are parallel
 * lists (`workSlug`/`workNote`/`workPrice`, `downloadLabel`/`downloadPath`) in the page's order;
 * lists of different lengths are a forged form (400). A checkbox is on when present.
 */
export function readRoomForm(form: FormData, catalogue: Catalogue): RoomForm {
  const slugs = texts(form, "workSlug");
  const notes = texts(form, "workNote");
  const prices = texts(form, "workPrice");
  if (notes.length !== slugs.length || prices.length !== slugs.length) {
    badRoomInput("The works in the form do not line up (a slug, a note and a price each). Reload the page.");
  }
  const labels = texts(form, "downloadLabel");
  const paths = texts(form, "downloadPath");
  if (labels.length !== paths.length) {
    badRoomInput("The downloads in the form do not line up (a label and a path each). Reload the page.");
  }
  // Hundreds of rows are no one's typing: refused before any per-row work.
  if (slugs.length > ROOM_LIMITS.works * 2 || labels.length > ROOM_LIMITS.downloads * 2) {
    badRoomInput(`A room holds at most ${ROOM_LIMITS.works} works and ${ROOM_LIMITS.downloads} downloads.`, 413);
  }
  return {
    title: text(form, "title"),
    introduction: text(form, "introduction"),
    showPrice: form.has("showPrice"),
    showAvailability: form.has("showAvailability"),
    showEdition: form.has("showEdition"),
    expiresAt: text(form, "expiresAt").trim(),
    passcode: text(form, "passcode"),
    removePasscode: form.has("removePasscode"),
    // An empty download row (the page's blank one for adding) is not a download.
    downloads: labels
      .map((label, index) => ({ label, path: (paths[index] ?? "").trim() }))
      .filter((row) => row.label.trim() !== "" || row.path !== ""),
    works: slugs.map((slug, index) => ({
      slug,
      title: catalogue.find(slug)?.title ?? slug,
      note: notes[index] ?? "",
      price: prices[index] ?? "",
    })),
  };
}

const { title, introduction, note, price, works, downloads, downloadLabel, downloadPath } = ROOM_LIMITS;

// Built per check from the catalogue the request was given (the router context's, decision 038).
const formSchemaFor = (catalogue: Catalogue) =>
  z.object({
    title: z.string().trim().min(1, "Give the room a title.").max(title, `A title can be at most ${title} characters.`),
    introduction: z
      .string()
      .max(introduction, `The introduction can be at most ${introduction.toLocaleString("en-US")} characters.`),
    showPrice: z.boolean(),
    showAvailability: z.boolean(),
    showEdition: z.boolean(),
    expiresAt: z.string().max(40),
    passcode: z
      .string()
      .max(ROOM_LIMITS.passcodeMax, `A passcode can be at most ${ROOM_LIMITS.passcodeMax} characters.`),
    removePasscode: z.boolean(),
    downloads: z
      .array(
        z.object({
          label: z
            .string()
            .trim()
            .min(1, "Name the download, e.g. “Catalogue (PDF)”.")
            .max(downloadLabel, `A download's name can be at most ${downloadLabel} characters.`),
          path: z
            .string()
            .max(downloadPath, `A path can be at most ${downloadPath} characters.`)
            .refine(
              isSitePath,
              "Use a path on this site starting with /, e.g. /files/umbra-secrets-catalogue-full.pdf.",
            ),
        }),
      )
      .max(downloads, `A room offers at most ${downloads} downloads.`),
    works: z
      .array(
        z.object({
          slug: z
            .string()
            .max(200)
            .refine((slug) => catalogue.find(slug) !== undefined, "This work is not in the catalogue."),
          note: z.string().max(note, `A note can be at most ${note} characters.`),
          price: z.string().max(price, `A price can be at most ${price} characters.`),
        }),
      )
      .max(works, `A room holds at most ${works} works.`),
  });

/**
 * Checks the typed form: the input to save, or a sentence per field (404-free: every error is
 * the studio's to fix) and the answer's status (413 when something is over its size, else 400).
 */
export function checkRoomForm(
  form: RoomForm,
  options: { now?: Date; isNew: boolean; catalogue: Catalogue },
): { ok: true; input: RoomInput } | { ok: false; errors: RoomFormErrors; status: 400 | 413 } {
  const errors: RoomFormErrors = {};
  let tooBig = false;
  const parsed = formSchemaFor(options.catalogue).safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      errors[key] ??= issue.message;
      if (issue.code === "too_big") tooBig = true;
    }
  }
  const seen = new Set<string>();
  form.works.forEach((work, index) => {
    if (seen.has(work.slug)) errors[`works.${index}.slug`] ??= "This work is already in the room.";
    seen.add(work.slug);
  });
  let expiresAt: Date | null = null;
  if (form.expiresAt) {
    const date = parseUtcField(form.expiresAt);
    if (!date) errors.expiresAt ??= "Give the date and time as YYYY-MM-DD HH:MM (UTC).";
    else if (date.getTime() <= (options.now ?? new Date()).getTime() && options.isNew) {
      errors.expiresAt ??= "This time has passed: choose a later one, or leave it empty.";
    } else expiresAt = date;
  }
  const passcode = form.passcode;
  if (passcode !== "" && !form.removePasscode && passcode.trim().length < ROOM_LIMITS.passcodeMin) {
    errors.passcode ??= `A passcode needs at least ${ROOM_LIMITS.passcodeMin} characters.`;
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { ok: false, errors, status: tooBig ? 413 : 400 };
  }
  return {
    ok: true,
    input: {
      title: parsed.data.title,
      introduction: parsed.data.introduction,
      showPrice: form.showPrice,
      showAvailability: form.showAvailability,
      showEdition: form.showEdition,
      expiresAt,
      passcode: form.removePasscode
        ? { kind: "remove" }
        : passcode
          ? { kind: "set", value: passcode }
          : { kind: "keep" },
      downloads: parsed.data.downloads,
      works: parsed.data.works,
    },
  };
}

const linkSchema = z.object({
  note: z.string().trim().max(note, `A link's note can be at most ${note} characters.`),
  expiresAt: z.string().trim().max(40),
  passcode: z.string().max(ROOM_LIMITS.passcodeMax, `A passcode can be at most ${ROOM_LIMITS.passcodeMax} characters.`),
});

export interface LinkInput {
  note: string;
  expiresAt: Date | null;
  passcode: string | null;
}

/** A new link's fields: its note ("for Ada, Basel"), optional expiry and passcode. */
export function checkLinkForm(
  form: FormData,
  now = new Date(),
): { ok: true; input: LinkInput } | { ok: false; errors: RoomFormErrors; status: 400 | 413 } {
  const parsed = linkSchema.safeParse({
    note: text(form, "linkNote"),
    expiresAt: text(form, "linkExpiresAt"),
    passcode: text(form, "linkPasscode"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = { note: "linkNote", expiresAt: "linkExpiresAt", passcode: "linkPasscode" }[String(issue?.path[0])];
    return {
      ok: false,
      errors: { [field ?? "linkNote"]: issue?.message ?? "Check the link's fields." },
      status: issue?.code === "too_big" ? 413 : 400,
    };
  }
  let expiresAt: Date | null = null;
  if (parsed.data.expiresAt) {
    const date = parseUtcField(parsed.data.expiresAt);
    if (!date)
      return { ok: false, errors: { linkExpiresAt: "Give the date and time as YYYY-MM-DD HH:MM (UTC)." }, status: 400 };
    if (date.getTime() <= now.getTime()) {
      return {
        ok: false,
        errors: { linkExpiresAt: "This time has passed: choose a later one, or leave it empty." },
        status: 400,
      };
    }
    expiresAt = date;
  }
  const passcode = parsed.data.passcode;
  if (passcode !== "" && passcode.trim().length < ROOM_LIMITS.passcodeMin) {
    return {
      ok: false,
      errors: { linkPasscode: `A passcode needs at least ${ROOM_LIMITS.passcodeMin} characters.` },
      status: 400,
    };
  }
  return { ok: true, input: { note: parsed.data.note, expiresAt, passcode: passcode || null } };
}
