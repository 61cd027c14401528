import exhibitions from "virtual:content/exhibitions";
import { Link } from "react-router";
import { siteConfig } from "~/content/site-config";
import { InstagramIcon, XIcon } from "./icons";
import styles from "./site-footer.module.css";
import { SiteLogo } from "./site-logo";

const explore = [
  { to: "/about", label: "About" },
  { to: "/art", label: "Artworks" },
  { to: "/cv", label: "CV" },
  { to: "/quotes", label: "Quotes" },
];

const studio = [
  { to: "/prices", label: "Prices" },
  { to: "/merch", label: "Merch" },
  { to: "/contact", label: "Contact" },
];

/** Footer: social links (SPEC.md) plus a site map, which is also how phones reach every page without JavaScript. */
export function SiteFooter() {
  const { instagram, x } = siteConfig.social;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <SiteLogo />
          <p>{siteConfig.tagline}.</p>
          <div className={styles.social}>
            <a
              href={instagram.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${siteConfig.brand} on Instagram`}
            >
              <InstagramIcon size={20} />
            </a>
            <a href={x.url} target="_blank" rel="noopener noreferrer" aria-label={`${siteConfig.brand} on X`}>
              <XIcon size={18} />
            </a>
          </div>
        </div>
        <nav className={styles.columns} aria-label="Footer">
          <div>
            <h2>Explore</h2>
            <ul>
              {explore.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2>Exhibitions</h2>
            <ul>
              {exhibitions.map((e) => (
                <li key={e.slug}>
                  <Link to={e.path}>{e.navLabel}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2>Studio</h2>
            <ul>
              {studio.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
      <p className={styles.legal}>
        © {siteConfig.brand}. All works and words by the artist. Images shown are stand-ins until the originals are
        published.
      </p>
    </footer>
  );
}
