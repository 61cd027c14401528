import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { CATALOGUE_PDF_URL } from "#app/catalogue-pdf/catalogue-pdf.server.ts";
import { cataloguePdfEtag } from "./catalogue-pdf-etag.ts";
import type { ServedCataloguePdf } from "./catalogue-pdf-rebuilds.ts";

/**
 * GET/HEAD of the catalogue PDF's address: the newest ready PDF (decision 044), with its own
 * length, an ETag and Last-Modified that change with it, and a Cache-Control that has a browser
 * ask again each time (a 304 when it has this one), so nobody keeps reading a stale catalogue.
 * The file is opened before its length is read, so a rebuild finishing meanwhile cannot make
 * the length and the bytes disagree. Any other request is passed on.
 */
export function serveCataloguePdf(served: () => ServedCataloguePdf | undefined) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const pathname = (req.url ?? "").split("?")[0];
    const pdf = pathname === CATALOGUE_PDF_URL && (req.method === "GET" || req.method === "HEAD") && served();
    if (!pdf) {
      next();
      return;
    }
    let fd: number;
    let stat: fs.Stats;
    try {
      fd = fs.openSync(pdf.file, "r");
      stat = fs.fstatSync(fd);
    } catch {
      next();
      return;
    }
    const etag = cataloguePdfEtag(stat);
    res.setHeader("ETag", etag);
    res.setHeader("Last-Modified", stat.mtime.toUTCString());
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", 'inline; filename="umbra-secrets-catalogue-full.pdf"');
    if (req.headers["if-none-match"] === etag) {
      fs.closeSync(fd);
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader("Content-Length", String(stat.size));
    if (req.method === "HEAD") {
      fs.closeSync(fd);
      res.end();
      return;
    }
    const stream = fs.createReadStream("", { fd, autoClose: true });
    stream.on("error", () => res.destroy());
    stream.pipe(res);
  };
}
