import type { IncomingMessage, ServerResponse } from "node:http";
import type { PublicQuoteCache } from "#app/quotes/public-quote-cache.server.ts";
import { BoundedAnswerCache } from "./bounded-answer-cache.ts";
import { sendPrepared } from "./compressed-body.ts";
import { stylesheetReader } from "./inline-stylesheets.ts";
import { captureRenderedPage, isAnonymous, keptAnswerOfResponse } from "./rendered-page-capture.ts";
import {
  type Flight,
  type RenderOutcome,
  RendersInFlight,
  settleWhenUncaptured,
  waiting,
} from "./renders-in-flight.ts";

const PATH = "/quotes";
/** The home page shows the newest public quotes (app/routes/_index.tsx): kept like the wall. */
const HOME = "/";
const HOME_KEY = "home";
/** Longer addresses are rendered every time: no real search or cursor needs more. */
const MAX_URL_LENGTH = 512;

/** What the kept pages depend on: the public quote cache and the content served (decision 039). */
export interface QuotesFromMemorySources {
  publicQuotes: PublicQuoteCache;
  content: { readonly version: number };
  production: boolean;
}

/** The cache key of a wall address, or undefined when it is not one this cache keeps. */
export function quoteWallKey(url: string): string | undefined {
  if (url === HOME) return HOME_KEY;
  if (url === PATH) return "";
  if (!url.startsWith(`${PATH}?`) || url.length > MAX_URL_LENGTH) return undefined;
  const params = new URLSearchParams(url.slice(PATH.length + 1));
  let q: string | undefined;
  let cursor: string | undefined;
  for (const [name, value] of params) {
    // Any other parameter, or one given twice, is rendered every time rather than guessed at.
    if (name === "q" && q === undefined) q = value;
    else if (name === "cursor" && cursor === undefined) cursor = value;
    else return undefined;
  }
  return JSON.stringify([q ?? "", cursor ?? ""]);
}

/**
 * The quote wall's rendered pages (`/quotes`, `?q=` searches, `?cursor=` pages) and the home
 * page, which shows the newest public quotes, kept compressed
 * in memory. Valid while the site's content (decision 039) and the public quote cache's
 * generation stay the same: the content moves on every publish, the generation on every
 * NOTIFY from the quotes trigger (any process), on this process's own admin writes, and when
 * the LISTEN connection drops (decision 012), so a toggle reaches the wall at once. One per
 * process, made by the server entry from its services (decision 066).
 */
export class QuoteWallFromMemory {
  readonly pages = new BoundedAnswerCache({ maxEntries: 256, maxBytes: 24 * 1024 * 1024 });
  generation = "";
  /** Wall pages being rendered, by quote generation and key: one render however many ask (issue 42). */
  readonly #inFlight = new RendersInFlight();
  #builtStylesheets: ((href: string) => string | undefined) | undefined;

  constructor(private readonly sources: QuotesFromMemorySources) {}

  /** The wall's pages for this content and generation of the public quote cache; emptied when either moved. */
  #currentPages(): BoundedAnswerCache | undefined {
    const quotes = this.sources.publicQuotes;
    if (!quotes.keeping) return undefined;
    const generation = `${this.sources.content.version}/${quotes.generation}`;
    if (this.generation !== generation) {
      this.pages.clear();
      this.generation = generation;
    }
    return this.pages;
  }

  /**
   * Answers an anonymous GET or HEAD of the wall from memory when it is there. On a miss a GET
   * waits for the render of the same page under way, if there is one; otherwise it returns false
   * (the request goes on to React Router) after arranging to keep what is rendered: the
   * response's bytes are collected as they are written, and kept only if it is a 200 HTML page
   * that sets no cookie and quotes did not change while it was rendered. A request that waited
   * for a render that made nothing to share is handed to `passOn`, to be rendered for itself.
   */
  serve(req: IncomingMessage, res: ServerResponse, passOn: () => void): boolean {
    const key = quoteWallKey(req.url ?? "");
    if (key === undefined || !isAnonymous(req)) return false;
    const pages = this.#currentPages();
    if (!pages) return false;
    const answer = pages.get(key);
    if (answer) {
      sendPrepared(req, res, answer);
      return true;
    }
    if (req.method !== "GET") return false;
    // The generation is in the key: a request made after a change never waits for an older render.
    const flightKey = `${this.generation}\n${key}`;
    const wait = waiting(res, {
      send: (rendered) => sendPrepared(req, res, rendered),
      askAgain: () => this.serve(req, res, passOn),
      passOn,
    });
    if (this.#inFlight.join(flightKey, wait)) return true;
    this.#keepWhatIsRendered(req, res, key, this.generation, this.#inFlight.start(flightKey));
    return false;
  }

  #readBuiltStylesheet() {
    this.#builtStylesheets ??= stylesheetReader("build/client");
    return this.#builtStylesheets;
  }

  /**
   * Keeps what is rendered for `key`, unless quotes or content changed meanwhile (it may show the
   * old), and settles its flight: the page for those who waited (they asked before the change).
   */
  #keepWhatIsRendered(req: IncomingMessage, res: ServerResponse, key: string, generation: string, flight: Flight) {
    const { production } = this.sources;
    let captured = false;
    settleWhenUncaptured(res, flight, () => captured);
    captureRenderedPage(req, res, async (rendered, nonce) => {
      captured = true;
      let outcome: RenderOutcome = "not kept";
      try {
        // Kept pages get their stylesheets inlined, as the build's prerendered pages have them: one
        // response to first paint. The wall was left with three render-blocking stylesheets, one
        // round trip more on a slow line before its first paint (issue 20).
        const answer = await keptAnswerOfResponse(rendered, nonce, res, {
          production,
          readStylesheet: production ? this.#readBuiltStylesheet() : undefined,
        });
        outcome = answer;
        const pages = this.#currentPages();
        if (!pages || this.generation !== generation) return;
        pages.set(key, answer);
      } finally {
        flight.settle(outcome);
      }
    });
  }
}
