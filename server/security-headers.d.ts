// Types for security-headers.js (plain JavaScript: server.js runs it without a build).
import type { ServerResponse } from "node:http";

export function contentSecurityPolicy(scriptSources?: string[]): string;
export function inlineScriptHashes(html: string): string[];
export function securityHeaders(options: {
  production: boolean;
}): (req: unknown, res: ServerResponse & { locals: Record<string, unknown> }, next: () => void) => void;
export function servedOverHttps(): boolean;
export function fixedSecurityHeaders(options: { production: boolean }): Record<string, string>;
export function setFixedSecurityHeaders(res: ServerResponse, options: { production: boolean }): void;
