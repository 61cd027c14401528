/** A quote as the admin screen holds it (dates as ISO strings, so loader data serialises). */
export type AdminQuote = { id: number; text: string; createdAt: string; includeInSearch: boolean };

export type VisibilityFilter = "all" | "public" | "hidden";

export const visibilityFilters: ReadonlyArray<{ value: VisibilityFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "public", label: "Public" },
  { value: "hidden", label: "Hidden" },
];
