// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EditionLine, LiveEditionLines, SeriesLine } from "./edition-lines.tsx";

// edition-live.script.js as React starts it after a client-side navigation (decision 065); the
// browser spec tests/edition-availability.spec.ts runs it as the page writes it in.

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderLines() {
  return render(
    <LiveEditionLines>
      <EditionLine workSlug="mapacho-dawn" />
      <EditionLine workSlug="brass-moth" line="Edition of 8 · 8 available" />
      <EditionLine workSlug="a-hidden-work" line="Unique · available" />
      <SeriesLine series="Icaro" />
    </LiveEditionLines>,
  );
}

describe("live edition lines", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Lets the script's import and its first second pass, and its answer land. */
  const tick = async (ms = 1000) => {
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(ms);
    });
  };

  it("shows nothing for a work with no edition, then writes what the server says each second", async () => {
    fetchMock.mockResolvedValue(
      answer({
        version: "1.0",
        works: { "mapacho-dawn": "Edition of 8 · 6 available", "brass-moth": null },
        series: { Icaro: "Icaro: 2 of 8 claimed" },
      }),
    );
    const { container } = renderLines();
    const line = (slug: string) => container.querySelector<HTMLElement>(`[data-edition-work="${slug}"]`);
    expect(line("mapacho-dawn")?.hidden).toBe(true);
    await tick();
    await tick();
    expect(fetchMock).toHaveBeenCalled();
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), "http://test");
    expect(asked.pathname).toBe("/api/editions/availability");
    expect(asked.searchParams.get("works")).toBe("mapacho-dawn,brass-moth,a-hidden-work");
    expect(asked.searchParams.get("series")).toBe("Icaro");
    expect(screen.getByText("Edition of 8 · 6 available").hidden).toBe(false);
    expect(screen.getByText("Icaro: 2 of 8 claimed").hidden).toBe(false);
    // An edition removed: its line goes. A work the answer leaves out keeps the server's line.
    expect(line("brass-moth")?.hidden).toBe(true);
    expect(line("a-hidden-work")?.textContent).toBe("Unique · available");
  });

  it("keeps the lines through a failed request, and stops asking once the page is left", async () => {
    fetchMock.mockRejectedValue(new TypeError("offline"));
    const { unmount } = renderLines();
    await tick();
    await tick();
    expect(screen.getByText("Edition of 8 · 8 available").hidden).toBe(false);
    const calls = fetchMock.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    unmount();
    await tick(5000);
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});
