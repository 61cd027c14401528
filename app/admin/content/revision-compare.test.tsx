import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { RevisionComparison } from "./revision-compare.server.ts";
import { RevisionCompare } from "./revision-compare.tsx";

const when = new Date("2026-11-28T10:00:00Z");
const comparison = (more: Partial<RevisionComparison> = {}): RevisionComparison => ({
  from: { revision: 3, action: "publish", author: "ada@umbra.test", createdAt: when, live: false },
  to: { revision: 5, action: "publish", author: "bo@umbra.test", createdAt: when, live: true },
  changes: [
    {
      key: "changed:heading",
      kind: "changed",
      label: "Heading",
      show: { as: "values", before: { text: "Old" }, after: { text: "New" } },
      restorable: true,
    },
    {
      key: "changed:slides.0.image",
      kind: "changed",
      label: "Slides › 1 › Image",
      show: {
        as: "values",
        before: { image: { collection: "about", name: "a" } },
        after: { image: { collection: "about", name: "gone" } },
      },
      restorable: true,
    },
  ],
  thumbnails: { "about/a": "/img/about-400/a.jpg" },
  lines: [{ kind: "added", text: "heading: New" }],
  ...more,
});

/** The comparison as the server sends it, inside a router (its forms need one). */
async function drawn(value: RevisionComparison): Promise<string> {
  const routes = [{ path: "/", element: <RevisionCompare comparison={value} liveRevision={5} view="form" /> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://studio.test/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(routes, context)} context={context} />);
}

describe("the history's comparison", () => {
  it("says which revisions, when and by whom, and each field from what to what", async () => {
    const html = await drawn(comparison());
    expect(html).toContain("Changes from revision 3 to the live one");
    expect(html).toContain("published by ada@umbra.test");
    expect(html).toMatch(/<del[^>]*>“Old”<\/del>/);
    expect(html).toMatch(/<ins[^>]*>“New”<\/ins>/);
    // An image as its picture; one no longer on the site said in words, not as its name.
    expect(html).toContain('src="/img/about-400/a.jpg"');
    expect(html).toContain("a picture no longer on the site");
    expect(html.match(/Restore this field<\/button>/g)).toHaveLength(2);
    expect(html).toContain('name="field" value="changed:heading"');
    expect(html).toContain("Restore the whole revision 3");
    // The stored text only inside the closed "Advanced".
    expect(html).toMatch(/<details[^>]*><summary>Advanced[^<]*<\/summary><pre>/);
  });

  it("offers no field restore between two earlier revisions, and says when nothing differs", async () => {
    const older = comparison({
      to: { revision: 4, action: "publish", author: "bo@umbra.test", createdAt: when, live: false },
    });
    older.changes = older.changes.map((change) => ({ ...change, restorable: false }));
    const html = await drawn(older);
    expect(html).toContain("Changes from revision 3 to revision 4");
    expect(html).not.toContain("Restore this field");
    expect(html).toContain("To restore one field, compare a revision with the live one.");
    expect(await drawn(comparison({ changes: [] }))).toContain("These two revisions are the same.");
    expect(await drawn(comparison({ deleted: "from", changes: [] }))).toContain("Revision 3 deleted this document");
  });
});
