import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet } from "react-router";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/general-error-boundary.tsx";
import { PageScripts } from "./components/page-scripts.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { siteConfig } from "./content/site-config.ts";
import { FEED_TITLE } from "./seo/feed-title.ts";
import "./styles/global.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/atom+xml", title: FEED_TITLE, href: "/feed.xml" },
];

/** The document and the shell (header, footer) around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    // site-header.script.js marks the open phone menu on <html>, possibly before hydration.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e0d0c" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader />
        {children}
        <SiteFooter />
        <PageScripts />
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: siteConfig.brand },
  { name: "description", content: siteConfig.description },
];

export default function App() {
  // Marks the document once React has started: pages load it late or not at all (decision 011),
  // and the browser tests wait for this before testing what only works with it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
