// The origin prerendered pages are built with, replaced by the configured PUBLIC_URL origin when
// they are served (server/prerendered-pages.ts) or exported for nginx (scripts/
// export-nginx-pages.mjs). Plain JavaScript: those run without a build. `.invalid` never
// resolves (RFC 2606). Decision 016.
export const ORIGIN_PLACEHOLDER = "https://public-origin.umbra.invalid";
