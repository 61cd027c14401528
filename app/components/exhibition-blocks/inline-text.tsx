import type { ReactNode } from "react";
import { Link } from "react-router";
import { INLINE_MARKUP } from "#app/exhibitions/block-text.ts";
import { isSafeHref } from "#app/security/safe-href.ts";

/**
 * A paragraph's text with its inline markup: `**strong**` and `[text](href)`. Site paths become
 * router links (client-side navigation once hydrated), other http(s) and mailto addresses plain
 * links; any other address (javascript:, data:, //host) is never a link: its text is shown alone.
 */
export function InlineText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_MARKUP)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [, strong, label, href] = match;
    if (strong !== undefined) parts.push(<strong key={match.index}>{strong}</strong>);
    else if (!href || !isSafeHref(href)) parts.push(label);
    else if (href.startsWith("/"))
      parts.push(
        <Link key={match.index} to={href}>
          {label}
        </Link>,
      );
    else
      parts.push(
        <a key={match.index} href={href}>
          {label}
        </a>,
      );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** Paragraphs, each with its inline markup. */
export function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return paragraphs.map((p) => (
    <p key={p.slice(0, 24)}>
      <InlineText text={p} />
    </p>
  ));
}
