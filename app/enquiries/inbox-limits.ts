/** Rows per inbox page. */
export const INBOX_PAGE_SIZE = 50;
/** The longest search the inbox takes (characters). */
export const MAX_SEARCH_LENGTH = 200;
/** The longest private note (characters). */
export const MAX_NOTES_LENGTH = 10_000;
