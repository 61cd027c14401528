import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, type ShouldRevalidateFunction, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/general-error-boundary.tsx";
import { PageScripts } from "./components/page-scripts.tsx";
import { PictureImagesProvider } from "./components/picture-images.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { contentStoreContext } from "./content/content-store.server.ts";
import { logoMarkup } from "./content/logo-markup.server.ts";
import { siteShell } from "./content/site-shell.ts";
import { imageInfo } from "./images/image-info.server.ts";
import type { PictureImages } from "./images/picture-images.ts";
import { feedTitle } from "./seo/feed-title.ts";
import { type MetaSite, socialImage } from "./seo/meta-site.ts";
import { defaultSocialImage } from "./seo/social-meta.ts";
import "./styles/global.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// The shell is the same on every page: a client-side navigation keeps it rather than asking the
// server again (the gallery changes its query string without leaving /art, decision 021); each
// document load brings the current one.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/**
 * The shell every page shows (brand, navigation, the exhibitions menu), from the content store,
 * and what every page's `meta` says of the site (seo/meta-site.ts).
 */
export function loader({ context }: Route.LoaderArgs) {
  const content = context.get(contentStoreContext);
  const settings = content.siteSettings();
  const shared = defaultSocialImage;
  const site: MetaSite = {
    brand: settings.brand,
    xHandle: settings.social.x.handle,
    socialImage: socialImage(imageInfo(shared.collection, shared.name, content.pageImages()), shared.alt),
  };
  const shell = siteShell(settings, content.exhibitionLinks());
  // Whether the logo is drawn in the page; its markup itself is not page data (site-logo.tsx).
  return { shell: { ...shell, logo: { ...shell.logo, drawn: logoMarkup(shell.logo.src) !== undefined } }, site };
}

/** The document and the shell (header, footer) around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  // Undefined only when the root loader itself failed: the error page then has no shell.
  const shell = useRouteLoaderData<typeof loader>("root")?.shell;
  return (
    // site-header.script.js marks the open phone menu on <html>, possibly before hydration.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e0d0c" />
        <Meta />
        <Links />
        {shell ? (
          <link rel="alternate" type="application/atom+xml" title={feedTitle(shell.brand)} href="/feed.xml" />
        ) : null}
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {shell ? <SiteHeader shell={shell} /> : null}
        {children}
        {shell ? <SiteFooter shell={shell} /> : null}
        <PageScripts />
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.shell.brand }, { name: "description", content: loaderData.shell.description }] : [];

export default function App() {
  // Marks the document once React has started: pages load it late or not at all (decision 011),
  // and the browser tests wait for this before testing what only works with it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <PictureImagesProvider images={usePagePictures()}>
      <Outlet />
    </PictureImagesProvider>
  );
}

/** The images the matched routes' loaders resolved (their `pictures`), for <Picture>. */
function usePagePictures(): PictureImages {
  const matches = useMatches();
  const pictures: Record<string, PictureImages[string]> = {};
  for (const match of matches) {
    const data = match.loaderData as { pictures?: PictureImages } | undefined;
    if (data && typeof data === "object" && data.pictures) Object.assign(pictures, data.pictures);
  }
  return pictures;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
