// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { bundledContent, ContentStore, contentStoreContext } from "#app/content/content-store.server.ts";
import LongFormPiecePage, { loader } from "#app/routes/long-form/piece.tsx";

// A store holding HTML that never went through the content checks: what a database row written
// around the editor, or a bug on the way in, would hand the page. The page must still be inert.
const bundled = bundledContent();
const hostileContent = new ContentStore({
  ...bundled,
  collections: {
    ...bundled.collections,
    articles: [
      {
        kind: "articles",
        slug: "moss",
        title: "Moss",
        author: "A. Writer",
        publication: "Field Notes",
        date: "2024-05-01",
        summary: "On moss.",
        html: [
          "<p>Moss grows.<script>window.__injected=1;document.title='pwned'</script></p>",
          '<img src="x" onerror="window.__injected=2">',
          '<p><a href="javascript:window.__injected=3">A link</a> and <a href="/art/moss">a work</a>.</p>',
          '<iframe srcdoc="<script>parent.__injected=4</script>"></iframe>',
        ].join(""),
      },
    ],
    interviews: [],
  },
});

function contextWithHostileContent(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(contentStoreContext, hostileContent);
  return context;
}

afterEach(cleanup);

function NothingYet() {
  return null;
}

describe("an article's page, on the way out (decision 029)", () => {
  it("shows the text of a piece holding a script, onerror and a javascript: link, with none of them", async () => {
    const Stub = createRoutesStub(
      [
        {
          path: "/articles/:slug",
          Component: LongFormPiecePage as never,
          loader: loader as never,
          HydrateFallback: NothingYet,
        },
      ],
      contextWithHostileContent(),
    );
    render(<Stub initialEntries={["/articles/moss"]} />);
    const main = await screen.findByRole("main");
    expect(main.textContent).toContain("Moss grows.");
    expect(main.querySelector('a[href="/art/moss"]')).not.toBeNull();
    expect(main.innerHTML).not.toMatch(/<script|<iframe|onerror|javascript:|__injected/i);
    // The link's words stay, as text of a link that goes nowhere.
    expect(screen.getByText("A link").getAttribute("href")).toBeNull();
  });
});
