import exhibitions from "virtual:content/exhibitions";
import { Link } from "react-router";
import { siteConfig } from "#app/content/site-config.ts";
import { InstagramIcon, XIcon } from "./icons.tsx";
import styles from "./site-footer.module.css";
import { SiteLogo } from "./site-logo.tsx";

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
              aria-label={`${siteConfig.brand} on ${instagram.label}`}
            >
              <InstagramIcon size={20} />
            </a>
            <a href={x.url} target="_blank" rel="noopener noreferrer" aria-label={`${siteConfig.brand} on ${x.label}`}>
              <XIcon size={18} />
            </a>
          </div>
        </div>
        <nav className={styles.columns} aria-label="Footer">
          {siteConfig.navigation.footer.map((column) => (
            <div key={column.heading}>
              <h2>{column.heading}</h2>
              <ul>
                {column.links.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to}>{item.label}</Link>
                  </li>
                ))}
                {column.exhibitions
                  ? exhibitions.map((e) => (
                      <li key={e.slug}>
                        <Link to={e.path}>{e.navLabel}</Link>
                      </li>
                    ))
                  : null}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className={styles.legal}>
        © {siteConfig.brand}. {siteConfig.footerText}
      </p>
    </footer>
  );
}
