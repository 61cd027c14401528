import { Link } from "react-router";
import { siteConfig } from "#app/content/site-config.ts";

/** The brand mark, always a link home. The image's alt text is the brand name. */
export function SiteLogo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link to="/" className={className} onClick={onClick}>
      <img
        src={siteConfig.logo.src}
        alt={siteConfig.brand}
        width={siteConfig.logo.width}
        height={siteConfig.logo.height}
      />
    </Link>
  );
}
