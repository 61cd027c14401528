// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useBehaviourScript } from "./behaviour-script.ts";

// A control drawn by React after a client-side navigation works before its script has loaded:
// what the visitor did meanwhile is done once it has (the quote wall's "More quotes" was followed
// as a plain link, and showed the second page alone).

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function Wall({ load }: { load: () => Promise<unknown> }) {
  const ref = useRef<HTMLDivElement>(null);
  useBehaviourScript(ref, "testWall", load);
  return (
    <div ref={ref}>
      <a href="/next">More</a>
      <form action="/search">
        <button type="submit">Search</button>
      </form>
    </div>
  );
}

const stops: Array<() => void> = [];

/** What reached the document: whether each click and submit was left to the browser. */
function followed() {
  const seen: string[] = [];
  const note = (event: Event) => {
    if (!event.defaultPrevented) seen.push(event.type);
    event.preventDefault(); // the test page goes nowhere
  };
  document.addEventListener("click", note);
  document.addEventListener("submit", note);
  stops.push(() => {
    document.removeEventListener("click", note);
    document.removeEventListener("submit", note);
  });
  return { seen };
}

afterEach(() => {
  cleanup();
  for (const stop of stops.splice(0)) stop();
  delete window.__behaviours?.testWall;
});

describe("useBehaviourScript", () => {
  it("keeps a click and a search made before the script runs, and the behaviour acts on them", async () => {
    const script = deferred();
    const acted: string[] = [];
    window.__behaviours = {
      ...window.__behaviours,
      testWall: (element) => {
        const more = (event: Event) => {
          event.preventDefault();
          acted.push("more");
        };
        const search = (event: Event) => {
          event.preventDefault();
          acted.push("search");
        };
        element.querySelector("a")?.addEventListener("click", more);
        element.querySelector("form")?.addEventListener("submit", search);
        return () => {};
      },
    };
    const browser = followed();
    render(<Wall load={() => script.promise} />);
    screen.getByRole("link", { name: "More" }).click();
    screen.getByRole("button", { name: "Search" }).closest("form")?.requestSubmit();
    expect([acted, browser.seen]).toEqual([[], []]);

    await act(async () => script.resolve());
    expect(acted).toEqual(["more", "search"]);
    expect(browser.seen).toEqual([]);
  });

  it("leaves them to the browser when the script cannot load", async () => {
    const script = deferred();
    const browser = followed();
    render(<Wall load={() => script.promise} />);
    screen.getByRole("link", { name: "More" }).click();
    expect(browser.seen).toEqual([]);
    await act(async () => script.reject(new Error("offline")));
    expect(browser.seen).toEqual(["click"]);
  });

  it("keeps nothing once it runs, and nothing after the page is left", async () => {
    const script = deferred();
    window.__behaviours = { ...window.__behaviours, testWall: () => () => {} };
    const browser = followed();
    const { unmount } = render(<Wall load={() => script.promise} />);
    await act(async () => script.resolve());
    screen.getByRole("link", { name: "More" }).click();
    expect(browser.seen).toEqual(["click"]);
    unmount();
  });
});
