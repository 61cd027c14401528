import type { IncomingMessage, ServerResponse } from "node:http";
import type { ContentStore } from "#app/content/content-store.server.ts";
import { availabilityAnswer, availabilityQuery } from "#app/editions/availability-answer.server.ts";
import type { EditionAvailability } from "#app/editions/edition-availability.server.ts";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security-headers.ts";

const PATH = "/api/editions/availability";

/**
 * `GET /api/editions/availability` answered before Express and React Router (as decision 012
 * answers the public quotes): every open page with an edition line asks it each second
 * (decision 076), and the framework's per-request work was most of its cost (about 2 ms of CPU
 * an answer through the route, on a loaded 2-core machine). The lines come from the same
 * `availabilityAnswer` the route uses; input that does not parse goes on to the route, which
 * answers its 400, so there is one implementation of the endpoint.
 */
export function editionLinesFromMemory(sources: {
  content: Pick<ContentStore, "catalogue">;
  editionAvailability: EditionAvailability;
  production: boolean;
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { content, editionAvailability, production } = sources;
  const security = {
    ...fixedSecurityHeaders({ production }),
    ...(production ? { "Content-Security-Policy": contentSecurityPolicy() } : {}),
  };
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (url !== PATH && !url.startsWith(`${PATH}?`)) return false;
    const query = availabilityQuery.safeParse(Object.fromEntries(new URLSearchParams(url.slice(PATH.length + 1))));
    if (!query.success) return false;
    const { body, etag } = availabilityAnswer(query.data, content.catalogue(), editionAvailability);
    const headers = { ...security, "Cache-Control": "no-cache", ETag: etag };
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const json = Buffer.from(JSON.stringify(body));
    res.writeHead(200, {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": json.length,
    });
    res.end(req.method === "HEAD" ? undefined : json);
    return true;
  };
}
