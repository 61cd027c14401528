/**
 * The viewing-room editor's form as the studio typed it (strings and booleans, nothing parsed),
 * shared by the page and the server: the server sends it back beside the errors, so a refused
 * save loses nothing, and the page without JavaScript round-trips it through the action.
 */
export const ROOM_LIMITS = {
  title: 200,
  introduction: 20_000,
  note: 500,
  price: 100,
  works: 60,
  links: 50,
  downloads: 10,
  downloadLabel: 100,
  downloadPath: 300,
  passcodeMin: 4,
  passcodeMax: 200,
  search: 100,
} as const;

export interface RoomFormWork {
  slug: string;
  /** The catalogue's title, for display only (never read back from the form). */
  title: string;
  note: string;
  price: string;
}

export interface RoomForm {
  title: string;
  introduction: string;
  showPrice: boolean;
  showAvailability: boolean;
  showEdition: boolean;
  /** `YYYY-MM-DDTHH:MM` in UTC, or empty for no expiry. */
  expiresAt: string;
  /** A new passcode; empty keeps the current one (never shown back). */
  passcode: string;
  removePasscode: boolean;
  downloads: { label: string; path: string }[];
  works: RoomFormWork[];
}

export const emptyRoomForm: RoomForm = {
  title: "",
  introduction: "",
  showPrice: false,
  showAvailability: true,
  showEdition: true,
  expiresAt: "",
  passcode: "",
  removePasscode: false,
  downloads: [],
  works: [],
};

/** Field name -> the sentence shown beside it. Work fields are `works.<i>.note`, downloads `downloads.<i>.path`. */
export type RoomFormErrors = Record<string, string>;

/** A catalogue work offered by the search. */
export interface WorkChoice {
  slug: string;
  title: string;
  series: string;
  year: string;
}

/** `2026-12-31T18:00` (UTC) from a date, for a datetime-local field. */
export function toUtcFieldValue(date: Date | null | undefined): string {
  return date ? date.toISOString().slice(0, 16) : "";
}

/** The path of the catalogue PDF the build writes (app/catalogue-pdf/catalogue-pdf.server.ts). */
export const CATALOGUE_PDF_PATH = "/files/umbra-secrets-catalogue-full.pdf";
