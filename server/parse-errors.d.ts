// Types for parse-errors.js (plain JavaScript: server.js runs it without a build).
import type { Server } from "node:http";

export function answerParseErrors(server: Server, options: { production: boolean }): void;
