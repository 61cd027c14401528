import { Link } from "react-router";
import type { SiteShell } from "#app/content/site-shell.ts";

// The same text as LOGO_ID_PREFIX (logo-markup.server.ts), which this browser-side module cannot import.
const LOGO_ID_PREFIX = /__logo__/g;

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
  placement: "header" | "menu" | "footer";
  className?: string;
  onClick?: () => void;
}) {
  const { src, width, height, markup } = shell.logo;
  return (
    <Link to="/" className={className} onClick={onClick}>
      {markup ? (
        <span
          role="img"
          aria-label={shell.brand}
          style={{ display: "block", width, height }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own file, checked by logoMarkup
          dangerouslySetInnerHTML={{ __html: markup.replace(LOGO_ID_PREFIX, `logo-${placement}-`) }}
        />
      ) : (
        <img src={src} alt={shell.brand} width={width} height={height} />
      )}
    </Link>
  );
}
