// Types for prerendered-pages.js (plain JavaScript: server.js runs it without a build).
import type { IncomingMessage, ServerResponse } from "node:http";

export function prerenderedPages(
  clientDir: string,
  options?: {
    production?: boolean;
    /** Put `value` (the configured public origin) where the build wrote `placeholder`. */
    origin?: { placeholder: string; value: string };
  },
): (req: IncomingMessage, res: ServerResponse) => boolean;
export function sameSiteLocation(pathname: string): string;
