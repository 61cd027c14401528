import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts, ScrollRestoration, type UIMatch, useMatches } from "react-router";
import { AfterFirstPaintScript } from "./after-first-paint-script.tsx";
import deferredHydrationUrl from "./deferred-hydration.script.js?url";
import siteHeaderScriptUrl from "./site-header.script.js?url";

/**
 * How a page loads React (decision 011):
 * - "none": no framework JavaScript at all. The page is complete as HTML; links are plain links.
 * - "deferred": React hydrates after the load event, or at the visitor's first key or tap if
 *   sooner, so its ~110 KB never competes with the first paint. These pages work as HTML
 *   until then (the gallery's form submits). A page whose only moving parts are a few controls
 *   is "none" with those controls' own lines written in (decision 058).
 * - "eager": React hydrates as soon as it arrives (admin screens: nothing works without it).
 * A route declares it with `export const handle: PageHandle = { scripts: "none" }`; the default is "eager".
 */
export type ScriptLoading = "none" | "deferred" | "eager";

export interface PageHandle {
  scripts?: ScriptLoading;
}

/** The deepest matched route that says how it loads scripts decides; otherwise "eager". */
export function scriptLoadingFor(matches: readonly Pick<UIMatch, "handle">[]): ScriptLoading {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (handle?.scripts) return handle.scripts;
  }
  return "eager";
}

/**
 * The end of <body>: the header's script on every page, then React Router's scripts as the page
 * asks. In the browser this only ever renders after hydration (a "none" page never starts React),
 * so there it always keeps ScrollRestoration and Scripts for client-side navigations.
 */
export function PageScripts() {
  const matches = useMatches();
  // In development every page hydrates at once, so hot reloading works everywhere.
  const loading = import.meta.env.DEV ? "eager" : scriptLoadingFor(matches);
  const inBrowser = typeof document !== "undefined";
  return (
    <>
      {/* A tap on the burger before the file has run is kept and acted on when it has (issue 38). */}
      <AfterFirstPaintScript
        src={siteHeaderScriptUrl}
        keepClicksOn={{ selector: "[data-menu-toggle]", readyFlag: "umbraHeader" }}
      />
      {/* Each client-side navigation starts at the top unless it opts out (preventScrollReset);
          Back and Forward restore the position. */}
      {loading !== "none" || inBrowser ? <ScrollRestoration /> : null}
      {loading === "deferred" ? <DeferredScripts /> : loading === "eager" || inBrowser ? <Scripts /> : null}
    </>
  );
}

/** Keeps React Router's module script inert; deferred-hydration.script.js looks for this type. */
const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * React Router's <Scripts> with its module script made inert and its modulepreload links left
 * out: deferred-hydration.script.js preloads those modules and runs that script after the load
 * event. Everything else (the inline context scripts) is kept as rendered. Scripts is called as
 * a function so its output can be rewritten; its hooks run here, in the same order every render.
 */
function DeferredScripts() {
  const rendered = Scripts({});
  const preloads: string[] = [];
  const kept: ReactNode[] = [];
  let moduleScript: ReactElement<Record<string, unknown>> | undefined;
  visit(rendered, (element) => {
    const props = element.props as Record<string, unknown>;
    if (element.type === "link" && props.rel === "modulepreload") preloads.push(String(props.href));
    else if (element.type === "script" && props.type === "module") moduleScript = element as typeof moduleScript;
    else kept.push(element);
  });
  if (!moduleScript) return <>{kept}</>;
  const { async: _async, type: _type, ...scriptProps } = moduleScript.props;
  return (
    <>
      {kept.map((element, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
        <Fragment key={index}>{element}</Fragment>
      ))}
      <script {...scriptProps} type={DEFERRED_MODULE_TYPE} data-preload={preloads.join(" ")} />
      <script src={deferredHydrationUrl} defer />
    </>
  );
}

/** Every element in a rendered tree that is not a fragment, in order. */
function visit(node: ReactNode, onElement: (element: ReactElement) => void) {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, onElement);
  } else if (isValidElement(node)) {
    if (node.type === Fragment) visit((node.props as { children?: ReactNode }).children, onElement);
    else onElement(node);
  }
}
