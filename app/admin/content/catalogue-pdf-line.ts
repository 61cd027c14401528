import type { CataloguePdfStatus } from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import { formatWhen } from "#app/enquiries/enquiry-words.ts";
import { formatFileSize } from "#app/format/file-size.ts";

/** One line on the catalogue PDF: when it was last printed and its size, a rebuild under way, or why one failed. */
export function cataloguePdfLine(
  status: CataloguePdfStatus | undefined,
): { text: string; failed: boolean } | undefined {
  if (!status) return undefined;
  const size = status.served ? formatFileSize(status.served.bytes) : "none yet";
  const served = status.rebuiltAt ? `rebuilt ${formatWhen(status.rebuiltAt)}, ${size}` : `as built, ${size}`;
  if (status.failure)
    return {
      text: `Catalogue PDF: last rebuild failed (${formatWhen(status.failure.at)}): ${(status.failure.reason.split("\n")[0] ?? "").replace(/\.$/, "")}. The previous one is served (${served}).`,
      failed: true,
    };
  if (status.rebuilding)
    return {
      text: `Catalogue PDF: being rebuilt for the latest changes; the previous one is served (${served}).`,
      failed: false,
    };
  return { text: `Catalogue PDF: ${served}.`, failed: false };
}
