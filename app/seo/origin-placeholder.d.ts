// Types for origin-placeholder.js.
export const ORIGIN_PLACEHOLDER: string;
