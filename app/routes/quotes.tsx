import { useEffect, useRef, useState } from "react";
import { Form, isRouteErrorResponse, useRouteError } from "react-router";
import { InlineScript } from "#app/components/inline-script.tsx";
import type { PageHandle } from "#app/components/page-scripts.tsx";
import { contentStoreContext } from "#app/content/content-store.server.ts";
import type { QuotesPage as QuotesCopy } from "#app/content/pages/short-pages.server.ts";
import { formatUsDate } from "#app/format/us-date.ts";
import { parseInput, searchParamsOf, toApiError } from "#app/http/api-errors.server.ts";
import { readPublicQuotes } from "#app/quotes/public-quote-cache.server.ts";
import { publicListQuery } from "#app/quotes/quote-api-schemas.ts";
import type { PublicQuote, QuotePage } from "#app/quotes/quote-views.ts";
import quoteWallScript from "#app/quotes/quote-wall.script.js?inline-script";
import { metaSite } from "#app/seo/meta-site.ts";
import { outageTitle } from "#app/seo/outage-title.ts";
import { pageTitle } from "#app/seo/page-title.ts";
import { pageMeta } from "#app/seo/social-meta.ts";
import type { Route } from "./+types/quotes";
import styles from "./quotes.module.css";

const PAGE_SIZE = 24;

// No framework (decision 058): the search and "More quotes" have their own few lines, written
// into the page (quote-wall.script.js). This component runs them after a client-side navigation.
export const handle: PageHandle = { scripts: "none" };

/** The page's words (content/pages/quotes.yaml) the error boundary and `meta` show when the loader refuses. */
type ErrorCopy = Pick<QuotesCopy, "title" | "description" | "heading">;

export async function loader({ request, context }: Route.LoaderArgs) {
  const copy = context.get(contentStoreContext).page("quotes");
  try {
    const query = parseInput(publicListQuery, { ...searchParamsOf(request), limit: String(PAGE_SIZE) });
    const page = await readPublicQuotes(context, query).catch(toApiError);
    return { copy, page, q: query.q ?? "" };
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    // A refused query is still this page: its answer carries the words the error boundary shows.
    const answer: unknown = await error
      .clone()
      .json()
      .catch(() => ({}));
    const pageCopy: ErrorCopy = { title: copy.title, description: copy.description, heading: copy.heading };
    // Its headers (Cache-Control, Retry-After) stay; the body is new, so its length goes.
    const headers = new Headers(error.headers);
    headers.delete("Content-Length");
    throw Response.json(
      { ...(answer && typeof answer === "object" ? answer : {}), copy: pageCopy },
      { status: error.status, headers },
    );
  }
}

function errorCopy(error: unknown): ErrorCopy | undefined {
  const data: unknown = isRouteErrorResponse(error) ? error.data : undefined;
  return data && typeof data === "object" && "copy" in data ? (data.copy as ErrorCopy) : undefined;
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const outage = outageTitle(error);
  if (outage) return [{ title: pageTitle(metaSite(matches), outage) }];
  const copy = loaderData?.copy ?? errorCopy(error);
  return copy
    ? pageMeta({
        site: metaSite(matches),
        title: pageTitle(metaSite(matches), copy.title),
        description: copy.description,
        path: "/quotes",
      })
    : [];
};

type Status = { kind: "idle" } | { kind: "loading" } | { kind: "error"; message: string };

async function fetchQuotes(params: URLSearchParams, signal: AbortSignal): Promise<QuotePage<PublicQuote>> {
  const response = await fetch(`/api/quotes?${params}`, { signal, headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => ({ message: `The server answered ${response.status}` }));
  if (!response.ok) throw new Error(typeof body?.message === "string" ? body.message : "Could not load quotes");
  return body;
}

export default function QuotesPage({ loaderData }: Route.ComponentProps) {
  const quotesPage = loaderData.copy;
  const [quotes, setQuotes] = useState(loaderData.page.quotes);
  const [nextCursor, setNextCursor] = useState(loaderData.page.nextCursor);
  const [q, setQ] = useState(loaderData.q);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inFlight = useRef<AbortController | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A new server render (navigation) replaces what is shown.
  useEffect(() => {
    setQuotes(loaderData.page.quotes);
    setNextCursor(loaderData.page.nextCursor);
    setQ(loaderData.q);
    setStatus({ kind: "idle" });
  }, [loaderData]);

  useEffect(() => () => clearTimeout(debounce.current), []);

  async function load(search: string, cursor: string | null) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus({ kind: "loading" });
    const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (search.trim()) params.set("q", search.trim());
    if (cursor) params.set("cursor", cursor);
    try {
      const page = await fetchQuotes(params, controller.signal);
      setQuotes((current) => (cursor ? [...current, ...page.quotes] : page.quotes));
      setNextCursor(page.nextCursor);
      setStatus({ kind: "idle" });
      if (!cursor) {
        // Keep the search in the address, so reloading or sharing shows the same quotes.
        const url = search.trim() ? `?q=${encodeURIComponent(search.trim())}` : window.location.pathname;
        window.history.replaceState(window.history.state, "", url);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    }
  }

  function onSearchChange(value: string) {
    setQ(value);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => load(value, null), 250);
  }

  const moreHref = nextCursor
    ? `?${new URLSearchParams({ ...(q.trim() ? { q: q.trim() } : {}), cursor: nextCursor })}`
    : undefined;

  return (
    <main
      id="main"
      className="page"
      data-quote-wall=""
      data-page-size={PAGE_SIZE}
      data-empty-text={quotesPage.empty}
      data-no-match-text={quotesPage.no_match}
      data-q={loaderData.q}
      data-next-cursor={loaderData.page.nextCursor ?? undefined}
    >
      <header className={styles.intro}>
        <p className="eyebrow">{quotesPage.eyebrow}</p>
        <h1>{quotesPage.heading}</h1>
        <p className={styles.lede}>{quotesPage.lede}</p>
      </header>

      <Form
        method="get"
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(debounce.current);
          load(q, null);
        }}
      >
        <label htmlFor="quote-search">Search quotes</label>
        <div className={styles.searchRow}>
          <input
            id="quote-search"
            name="q"
            type="search"
            value={q}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Search quotes..."
            autoComplete="off"
          />
          <button type="submit" className="button button-ghost">
            Search
          </button>
        </div>
      </Form>

      <div aria-live="polite" className={styles.status} data-quote-status="" data-error-class={styles.error}>
        {status.kind === "loading" ? <p>Loading...</p> : null}
        {status.kind === "error" ? (
          <p role="alert" className={styles.error}>
            Error: {status.message}
          </p>
        ) : null}
      </div>

      {/* Always in the page, shown or hidden, so quote-wall.script.js has each part to fill. */}
      <ul className={styles.grid} aria-label="Quotes" data-quote-list="" hidden={quotes.length === 0}>
        {quotes.map((quote) => (
          <QuoteCard key={quote.id} text={quote.text} createdAt={quote.createdAt} />
        ))}
      </ul>
      <p className={styles.empty} data-quote-empty="" hidden={quotes.length > 0 || status.kind !== "idle"}>
        {q.trim() ? quotesPage.no_match.replace("{search}", q.trim()) : quotesPage.empty}
      </p>
      <p className={styles.more} data-quote-more="" hidden={!moreHref}>
        <a
          href={moreHref ?? "/quotes"}
          className="button button-ghost"
          onClick={(event) => {
            event.preventDefault();
            if (moreHref && status.kind !== "loading") load(q, nextCursor);
          }}
        >
          More quotes
        </a>
      </p>
      {/* The card the script copies for each quote it adds. */}
      <template data-quote-card="">
        <QuoteCard />
      </template>
      <InlineScript code={quoteWallScript} />
    </main>
  );
}

/** One quote on the wall; with no quote, the empty card quote-wall.script.js fills in. */
function QuoteCard({ text, createdAt }: { text?: string; createdAt?: string }) {
  return (
    <li className={styles.card}>
      <figure>
        <blockquote>
          <p>{text}</p>
        </blockquote>
        <figcaption>
          <time dateTime={createdAt}>{createdAt ? formatUsDate(createdAt) : null}</time>
        </figcaption>
      </figure>
    </li>
  );
}

/** A failed server load keeps the page and says what went wrong (SPEC.md: "Error: {message}"). */
export function ErrorBoundary() {
  const error = useRouteError();
  const data: unknown = isRouteErrorResponse(error) ? error.data : undefined;
  const message =
    data && typeof data === "object" && "message" in data && typeof data.message === "string"
      ? data.message
      : isRouteErrorResponse(error)
        ? error.statusText || `The server answered ${error.status}`
        : error instanceof Error
          ? error.message
          : "Unknown error";
  return (
    <main id="main" className="page">
      <header className={styles.intro}>
        <h1>{errorCopy(error)?.heading ?? "Quotes"}</h1>
      </header>
      <p role="alert" className={styles.error}>
        Error: {message}
      </p>
      <p>
        <a href="/quotes" className="button button-ghost">
          Show all quotes
        </a>
      </p>
    </main>
  );
}
