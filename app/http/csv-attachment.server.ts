/**
 * A studio export's answer: CSV as a download named `<name>-<today>.csv`, never cached, never
 * sniffed as anything else, never indexed. The body starts with its byte-order mark already.
 */
export function csvAttachment(body: BodyInit, name: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
