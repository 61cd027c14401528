/**
 * The public pages that print the catalogue PDF's size (app/routes/cv.tsx, cataloguePdfBytes):
 * only their kept copies depend on which PDF is served, so a rebuild renders only them again.
 */
export const PAGES_SHOWING_CATALOGUE_PDF: ReadonlySet<string> = new Set(["/cv"]);
