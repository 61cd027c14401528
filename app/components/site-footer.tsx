import { Link } from "react-router";
import type { SiteShell } from "#app/content/site-shell.ts";
import { InstagramIcon, XIcon } from "./icons.tsx";
import styles from "./site-footer.module.css";
import { SiteLogo } from "./site-logo.tsx";

/** Footer: social links (SPEC.md) plus a site map, which is also how phones reach every page without JavaScript. */
export function SiteFooter({ shell }: { shell: SiteShell }) {
  const { instagram, x } = shell.social;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <SiteLogo shell={shell} placement="footer" />
          <p>{shell.tagline}.</p>
          <p>
            <a href="/subscribe">Subscribe by email</a>
          </p>
          <div className={styles.social}>
            <a
              href={instagram.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${shell.brand} on ${instagram.label}`}
            >
              <InstagramIcon size={20} />
            </a>
            <a href={x.url} target="_blank" rel="noopener noreferrer" aria-label={`${shell.brand} on ${x.label}`}>
              <XIcon size={18} />
            </a>
          </div>
        </div>
        <nav className={styles.columns} aria-label="Footer">
          {shell.navigation.footer.map((column) => (
            <div key={column.heading}>
              <h2>{column.heading}</h2>
              <ul>
                {column.links.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to}>{item.label}</Link>
                  </li>
                ))}
                {column.exhibitions
                  ? shell.exhibitions.map((e) => (
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
        © {shell.brand}. {shell.footerText}
      </p>
    </footer>
  );
}
