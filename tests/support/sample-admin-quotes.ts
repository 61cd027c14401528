import type { AdminQuote } from "#app/quotes/quote-views.ts";

/** Three quotes, newest first, one of them public: the admin list tests start from these. */
export const sampleAdminQuotes: AdminQuote[] = [
  {
    id: 3,
    text: "Moths keep the night honest",
    createdAt: "2025-03-01T00:00:00.000Z",
    includeInSearch: true,
    updatedAt: "2025-04-01T00:00:00.000Z",
  },
  {
    id: 2,
    text: "A lantern is a question",
    createdAt: "2025-02-01T00:00:00.000Z",
    includeInSearch: false,
    updatedAt: "2025-04-01T00:00:00.000Z",
  },
  {
    id: 1,
    text: "Paint what the river forgets",
    createdAt: "2025-01-01T00:00:00.000Z",
    includeInSearch: false,
    updatedAt: "2025-04-01T00:00:00.000Z",
  },
];
