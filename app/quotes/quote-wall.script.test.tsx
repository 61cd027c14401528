// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import QuotesPage from "#app/routes/quotes.tsx";

// The quote wall after a client-side navigation: React draws the wall and starts
// quote-wall.script.js on it, the same file the page runs on a page load (decision 065; the
// browser tests in tests/quotes.spec.ts run both ways against the built site).

const copy = {
  title: "Quotes",
  description: "Words.",
  eyebrow: "Posts",
  heading: "Quotes",
  lede: "Newest first.",
  empty: "No quotes yet.",
  no_match: "No quotes match “{search}”.",
};
const quote = (id: number, text: string) => ({ id, text, createdAt: `2025-09-${10 + id}T12:00:00.000Z` });

function NothingYet() {
  return null;
}

function renderWall() {
  const Stub = createRoutesStub([
    {
      path: "/quotes",
      Component: QuotesPage as never,
      HydrateFallback: NothingYet,
      loader: () => ({ copy, q: "", page: { quotes: [quote(2, "Second"), quote(1, "First")], nextCursor: "c1" } }),
    },
  ]);
  return render(<Stub initialEntries={["/quotes"]} />);
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const cardTexts = () =>
  Array.from(screen.getByRole("list", { name: "Quotes" }).querySelectorAll("blockquote p"), (p) => p.textContent);

/** Types into the search box as a visitor does: the script listens for `input`. */
function type(text: string) {
  const input = screen.getByLabelText<HTMLInputElement>("Search quotes");
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/** The wall has imported its script and started it (a cached module: a turn of the event loop). */
async function started() {
  await waitFor(() => expect(window.__behaviours?.quoteWall).toBeDefined());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

let fetchQuotes: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchQuotes = vi.fn();
  vi.stubGlobal("fetch", fetchQuotes);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the quote wall after a client-side navigation (quote-wall.script.js)", () => {
  it("searches 250 ms after the last key, shows Loading..., and keeps the search in the address", async () => {
    let release: (response: Response) => void = () => {};
    fetchQuotes.mockReturnValue(new Promise<Response>((resolve) => (release = resolve)));
    renderWall();
    await screen.findByRole("heading", { name: "Quotes" });
    await started();
    type("pa");
    type("paint");
    await waitFor(() => expect(fetchQuotes).toHaveBeenCalledTimes(1));
    expect(fetchQuotes.mock.calls[0]?.[0]).toBe("/api/quotes?limit=24&q=paint");
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    release(answer({ quotes: [quote(3, "I paint at night")], nextCursor: null }));
    await waitFor(() => expect(cardTexts()).toEqual(["I paint at night"]));
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
    expect(screen.getByText("More quotes").closest("p")).toHaveAttribute("hidden");
    expect(window.location.search).toBe("?q=paint");
  });

  it("adds the next page on More quotes", async () => {
    fetchQuotes.mockResolvedValue(answer({ quotes: [quote(0, "Zeroth")], nextCursor: null }));
    renderWall();
    const more = await screen.findByRole("link", { name: "More quotes" });
    await started();
    more.click();
    await waitFor(() => expect(cardTexts()).toEqual(["Second", "First", "Zeroth"]));
    expect(fetchQuotes.mock.calls[0]?.[0]).toBe("/api/quotes?limit=24&cursor=c1");
  });

  it("says Error: with the server's message when a load fails", async () => {
    fetchQuotes.mockResolvedValue(answer({ message: "The database is resting" }, 503));
    renderWall();
    await screen.findByRole("heading", { name: "Quotes" });
    await started();
    screen.getByRole("button", { name: "Search" }).closest("form")?.requestSubmit();
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: The database is resting");
    expect(cardTexts()).toEqual(["Second", "First"]);
  });

  it("ends a load under way when the page is left", async () => {
    fetchQuotes.mockReturnValue(new Promise<Response>(() => {}));
    const { unmount } = renderWall();
    await screen.findByRole("heading", { name: "Quotes" });
    await started();
    type("light");
    await waitFor(() => expect(fetchQuotes).toHaveBeenCalledTimes(1));
    const signal = (fetchQuotes.mock.calls[0]?.[1] as RequestInit | undefined)?.signal;
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});
