/**
 * Socket errors on the way to another server (node:net, DNS): the codes that mean it could not
 * be reached, as opposed to a local file's (ENOSPC, ENOENT). The database's and the image
 * store's outage checks both read this one list.
 */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
