import { Link } from "react-router";
import type { SiteShell } from "#app/content/site-shell.ts";

/** The brand mark, always a link home. The image's alt text is the brand name. */
export function SiteLogo({
  shell,
  className,
  onClick,
}: {
  shell: Pick<SiteShell, "brand" | "logo">;
  className?: string;
  onClick?: () => void;
}) {
  return (
    <Link to="/" className={className} onClick={onClick}>
      <img src={shell.logo.src} alt={shell.brand} width={shell.logo.width} height={shell.logo.height} />
    </Link>
  );
}
