/**
 * Every byte count the site puts into words. Two units, on purpose:
 *
 * - `formatFileSize` (decimal, 1 MB = 1,000,000 bytes) for a visitor's download (the CV and
 *   catalogue PDFs, an exhibition's files): the size their computer's file list shows.
 * - `formatBinaryFileSize` (binary, 1 MB = 1,048,576 bytes) for the studio's upload messages:
 *   the upload limits are binary (40 MB is 40 * 1024 * 1024, as nginx's `42m` is), so a refused
 *   file must read as over the limit ("41.0 MB; the limit is 40 MB"), never as under it.
 */

const MB = 1_000_000;
const MIB = 1024 * 1024;

/** 1_234_567 -> "1.2 MB"; sizes under a megabyte in KB, never "0 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** 420 * 1024 -> "420 KB", 3.2 * 1024 * 1024 -> "3.2 MB": binary units, a small file not "0.0 MB". */
export function formatBinaryFileSize(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
