// Types for inline-stylesheets.js (plain JavaScript: server.js runs it without a build).
export function inlineStylesheets(html: string, readStylesheet: (href: string) => string | undefined): string;
export function stylesheetReader(clientDir: string): (href: string) => string | undefined;
