import type { SafeHtml } from "#app/security/content-html.server.ts";

/**
 * The one place content HTML becomes markup (decision 029). It takes only SafeHtml, which only
 * sanitizeContentHtml returns, so HTML that skipped the sanitiser does not type-check here.
 */
export function ContentHtml({ html, className }: { html: SafeHtml; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: SafeHtml has been through sanitizeContentHtml
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
