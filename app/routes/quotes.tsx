import { useRef } from "react";
import { Form, isRouteErrorResponse, useRouteError } from "react-router";
import { useBehaviourScript } from "#app/components/behaviour-script.ts";
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
// into the page (quote-wall.script.js). This page starts the same script after a client-side
// navigation (decision 065).
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

const loadQuoteWallScript = () => import("#app/quotes/quote-wall.script.js");

/**
 * A number per loader answer: a new answer (a navigation) draws a new wall for the script to start
 * on. Kept by the page, not the module, so nothing outlives it (decision 066).
 */
function useAnswerKey(answer: object): number {
  const seen = useRef({ answer, key: 0 });
  if (seen.current.answer !== answer) seen.current = { answer, key: seen.current.key + 1 };
  return seen.current.key;
}

export default function QuotesPage({ loaderData }: Route.ComponentProps) {
  // React draws the wall once per answer and never changes it after: quote-wall.script.js does.
  const key = useAnswerKey(loaderData);
  return <QuoteWall key={key} copy={loaderData.copy} page={loaderData.page} q={loaderData.q} />;
}

/**
 * The wall as the server drew it for this address. Its search, "More quotes" and status lines
 * are quote-wall.script.js alone (decision 065): written into the page at the end of this <main>
 * on a page load, and started on this element by useBehaviourScript after a client-side
 * navigation. The list, the empty line and "More quotes" are always here, shown or hidden, with a
 * <template> card, so the script fills parts the server drew.
 */
function QuoteWall({ copy, page, q }: { copy: QuotesCopy; page: QuotePage<PublicQuote>; q: string }) {
  const wall = useRef<HTMLElement>(null);
  useBehaviourScript(wall, "quoteWall", loadQuoteWallScript);
  const search = q.trim();
  const moreHref = page.nextCursor
    ? `?${new URLSearchParams({ ...(search ? { q: search } : {}), cursor: page.nextCursor })}`
    : undefined;
  return (
    <main
      ref={wall}
      id="main"
      className="page"
      data-quote-wall=""
      data-page-size={PAGE_SIZE}
      data-empty-text={copy.empty}
      data-no-match-text={copy.no_match}
      data-q={q}
      data-next-cursor={page.nextCursor ?? undefined}
      suppressHydrationWarning
    >
      <header className={styles.intro}>
        <p className="eyebrow">{copy.eyebrow}</p>
        <h1>{copy.heading}</h1>
        <p className={styles.lede}>{copy.lede}</p>
      </header>
      <QuoteSearch q={q} />
      <div aria-live="polite" className={styles.status} data-quote-status="" data-error-class={styles.error} />
      <ul className={styles.grid} aria-label="Quotes" data-quote-list="" hidden={page.quotes.length === 0}>
        {page.quotes.map((quote) => (
          <QuoteCard key={quote.id} text={quote.text} createdAt={quote.createdAt} />
        ))}
      </ul>
      <p className={styles.empty} data-quote-empty="" hidden={page.quotes.length > 0}>
        {search ? copy.no_match.replace("{search}", search) : copy.empty}
      </p>
      <p className={styles.more} data-quote-more="" hidden={!moreHref}>
        <a href={moreHref ?? "/quotes"} className="button button-ghost">
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

/** The search box; without JavaScript the form asks the server for `?q=`. */
function QuoteSearch({ q }: { q: string }) {
  return (
    <Form method="get" role="search" className={styles.search}>
      <label htmlFor="quote-search">Search quotes</label>
      <div className={styles.searchRow}>
        <input
          id="quote-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search quotes..."
          autoComplete="off"
        />
        <button type="submit" className="button button-ghost">
          Search
        </button>
      </div>
    </Form>
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
