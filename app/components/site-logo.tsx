import { createContext, useContext, useState } from "react";
import { Link } from "react-router";
import type { SiteShell } from "#app/content/site-shell.ts";

/** The logo's SVG markup, on the server only (entry.server.tsx, logo-markup.server.ts). */
export const LogoMarkupContext = createContext<string | undefined>(undefined);

// The same text as LOGO_ID_PREFIX (logo-markup.server.ts), which this browser-side module cannot import.
const LOGO_ID_PREFIX = /__logo__/g;

type Placement = "header" | "menu" | "footer";

/**
 * The markup to draw: the server's, with this copy's id prefix; in the browser, the copy the
 * server drew, read from the page (the markup is not page data: it would travel twice).
 */
function useDrawnMarkup(placement: Placement): string | undefined {
  const serverMarkup = useContext(LogoMarkupContext);
  const [markup] = useState(() =>
    serverMarkup !== undefined
      ? serverMarkup.replace(LOGO_ID_PREFIX, `logo-${placement}-`)
      : typeof document === "undefined"
        ? undefined
        : document.querySelector(`[data-logo="${placement}"]`)?.innerHTML,
  );
  return markup;
}

/**
 * The brand mark, always a link home, named by the brand. A small SVG of the site's own is drawn
 * in the page, so it paints with the text; each copy (`placement`) gives its ids its own prefix.
 */
export function SiteLogo({
  shell,
  placement,
  className,
  onClick,
}: {
  shell: Pick<SiteShell, "brand" | "logo">;
  placement: Placement;
  className?: string;
  onClick?: () => void;
}) {
  const { src, width, height, drawn } = shell.logo;
  const markup = useDrawnMarkup(placement);
  return (
    <Link to="/" className={className} onClick={onClick}>
      {drawn && markup ? (
        <span
          role="img"
          aria-label={shell.brand}
          data-logo={placement}
          style={{ display: "block", width, height }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own file, checked by logoMarkup
          dangerouslySetInnerHTML={{ __html: markup }}
        />
      ) : (
        <img src={src} alt={shell.brand} width={width} height={height} />
      )}
    </Link>
  );
}
