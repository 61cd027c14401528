/** A quote as the public wall sees it (JSON-safe). */
export interface PublicQuote {
  id: number;
  text: string;
  createdAt: string;
}

/** A quote as the admin sees it (JSON-safe). */
export interface AdminQuote extends PublicQuote {
  includeInSearch: boolean;
  updatedAt: string;
}

export interface QuotePage<T> {
  quotes: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export type VisibilityFilter = "all" | "public" | "hidden";

export interface QuoteCounts {
  all: number;
  public: number;
  hidden: number;
}
