// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { InlineText } from "./inline-text.tsx";

let shown = "";

function Shown() {
  return (
    <p data-testid="p">
      <InlineText text={shown} />
    </p>
  );
}

function renderText(text: string) {
  shown = text;
  const Stub = createRoutesStub([{ path: "/", Component: Shown }]);
  render(<Stub initialEntries={["/"]} />);
  return screen.findByTestId("p");
}

describe("InlineText", () => {
  afterEach(cleanup);

  it("renders **strong**, site links and outside links, keeping the text between them", async () => {
    const p = await renderText(
      "**Bold.** See [the work](/art/the-trinket-maker) or [the sale](https://example.com/lot).",
    );
    expect(p.innerHTML).toBe(
      '<strong>Bold.</strong> See <a href="/art/the-trinket-maker" data-discover="true">the work</a> or <a href="https://example.com/lot">the sale</a>.',
    );
  });

  it("leaves text without markup as it is", async () => {
    expect((await renderText("Plain: text [not a link] *here*.")).innerHTML).toBe("Plain: text [not a link] *here*.");
  });

  it("never makes a link of a javascript:, data: or other-host address: its text is shown alone", async () => {
    const p = await renderText(
      "[One](javascript:window.__injected=1) [two](data:text/html,x) [three](//evil.example) [four](mailto:a@b.example)",
    );
    expect(p.innerHTML).toBe('One two three <a href="mailto:a@b.example">four</a>');
  });
});
