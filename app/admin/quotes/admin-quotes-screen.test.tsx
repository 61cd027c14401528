// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminQuote } from "#app/quotes/quote-views.ts";
import { sampleAdminQuotes } from "#tests/support/sample-admin-quotes.ts";
import { AdminQuotesScreen } from "./admin-quotes-screen.tsx";

const quotes = sampleAdminQuotes;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("AdminQuotesScreen", () => {
  it("works on its first page at once, then loads the rest page by page, keeping live changes", async () => {
    const [three, two, one] = quotes as [AdminQuote, AdminQuote, AdminQuote];
    let answer: (page: { quotes: AdminQuote[]; nextCursor: string | null }) => void = () => {};
    const loadQuotes = vi.fn(
      () =>
        new Promise<{ quotes: AdminQuote[]; nextCursor: string | null }>((resolve) => {
          answer = resolve;
        }),
    );
    render(
      <AdminQuotesScreen
        initialQuotes={[three]}
        nextCursor="after-3"
        initialCounts={{ all: 3, public: 1, hidden: 2 }}
        loadQuotes={loadQuotes}
        saveVisibility={vi.fn()}
      />,
    );
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("button", { name: /Hidden/ })).toHaveTextContent("Hidden 2");
    expect(screen.getByText(/3 quotes \(loading: 1 shown so far\)/)).toBeInTheDocument();
    await waitFor(() => expect(loadQuotes).toHaveBeenCalledWith("after-3"));
    answer({ quotes: [two], nextCursor: "after-2" });
    await waitFor(() => expect(loadQuotes).toHaveBeenCalledWith("after-2"));
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    answer({ quotes: [one], nextCursor: null });
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(3));
    expect(screen.getByText("3 quotes")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Public/ })).toHaveTextContent("Public 1");
  });

  it("shows each row's #id, text, date and checkbox, newest first", () => {
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={vi.fn()} />);
    const rows = screen.getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "#3Moths keep the night honestMarch 1, 2025",
      "#2A lantern is a questionFebruary 1, 2025",
      "#1Paint what the river forgetsJanuary 1, 2025",
    ]);
    expect(screen.getByRole("checkbox", { name: "Show #3 on the public wall" })).toBeChecked();
  });

  it("saves a keyboard toggle once and shows it at once", async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={save} />);
    const box = screen.getByRole("checkbox", { name: "Show #2 on the public wall" });
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ ids: [2], includeInSearch: true });
    expect(screen.getByRole("button", { name: /Public/ })).toHaveTextContent("Public 2");
  });

  it("sets a Shift+click range to the clicked row's new value in one save", () => {
    const save = vi.fn().mockResolvedValue(undefined);
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={save} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Show #3 on the public wall" }));
    save.mockClear();
    fireEvent.click(screen.getByRole("checkbox", { name: "Show #1 on the public wall" }), { shiftKey: true });
    expect(save).toHaveBeenCalledTimes(1);
    // #3 was just hidden, #2 and #1 were hidden: the whole range becomes public.
    expect(save.mock.calls[0]?.[0].includeInSearch).toBe(true);
    expect(save.mock.calls[0]?.[0].ids.sort()).toEqual([1, 2, 3]);
    for (const box of screen.getAllByRole("checkbox")) expect(box).toBeChecked();
  });

  it("a press-and-drag across rows gives each row reached the first row's new value, in one save", () => {
    const hidden = (id: number, day: number): AdminQuote => ({
      id,
      text: `Hidden quote ${id}`,
      createdAt: `2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`,
      includeInSearch: false,
      updatedAt: "2025-04-01T00:00:00.000Z",
    });
    const five = [hidden(15, 5), hidden(14, 4), hidden(13, 3), hidden(12, 2), hidden(11, 1)];
    const save = vi.fn().mockResolvedValue(undefined);
    render(<AdminQuotesScreen initialQuotes={five} saveVisibility={save} />);
    // happy-dom lays nothing out: stand in for the browser's hit testing with rows 80 px tall,
    // one under the other, so the point under the pointer is the checkbox of the row there.
    const ROW = 80;
    vi.spyOn(document, "elementFromPoint").mockImplementation(
      (_x, y) => screen.getAllByRole("checkbox")[Math.floor(y / ROW)] ?? null,
    );
    const at = (row: number) => ({ pointerId: 1, clientX: 500, clientY: row * ROW + ROW / 2 });
    const box = (id: number) => screen.getByRole("checkbox", { name: `Show #${id} on the public wall` });

    fireEvent.pointerDown(box(15), { ...at(0), button: 0, buttons: 1 });
    expect(box(15)).toBeChecked();
    for (const row of [1, 2, 3, 2]) fireEvent.pointerMove(window, { ...at(row), buttons: 1 });
    // Each row shows its new value as the pointer reaches it; nothing is saved mid-gesture.
    for (const id of [15, 14, 13, 12]) expect(box(id)).toBeChecked();
    expect(box(11)).not.toBeChecked();
    expect(save).not.toHaveBeenCalled();

    fireEvent.pointerUp(window, { ...at(3), button: 0, buttons: 0 });
    expect(save).toHaveBeenCalledTimes(1);
    const [change] = save.mock.calls[0]!;
    expect(change.includeInSearch).toBe(true);
    expect([...change.ids].sort()).toEqual([12, 13, 14, 15]);
    for (const id of [15, 14, 13, 12]) expect(box(id)).toBeChecked();
    expect(box(11)).not.toBeChecked();
    expect(screen.getByRole("button", { name: /Public/ })).toHaveTextContent("Public 4");

    // The gesture is over: moving with no button held reaches no more rows.
    fireEvent.pointerMove(window, { ...at(4), buttons: 0 });
    expect(box(11)).not.toBeChecked();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("rolls back and alerts when the save fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const save = vi.fn().mockRejectedValue(new Error("database is down"));
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={save} />);
    const box = screen.getByRole("checkbox", { name: "Show #3 on the public wall" });
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Error updating quote: database is down"));
    expect(box).toBeChecked();
  });

  it("says Saved, politely, only once the server has confirmed the toggle", async () => {
    let confirm = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (confirm = resolve)));
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={save} />);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent(/^$/);
    fireEvent.click(screen.getByRole("checkbox", { name: "Show #2 on the public wall" }));
    expect(status).toHaveTextContent("Saving...");
    expect(status).not.toHaveTextContent("Saved");
    confirm();
    await waitFor(() => expect(status).toHaveTextContent(/^Saved$/));
  });

  it("says Saved after a drag's one save, and never after a failed one", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const save = vi.fn().mockRejectedValue(new Error("database is down"));
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={save} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Show #1 on the public wall" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Error updating quote: database is down"));
    expect(screen.getByRole("status")).toHaveTextContent(/^$/);
    save.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole("checkbox", { name: "Show #1 on the public wall" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Saved$/));
    expect(screen.getByRole("alert")).toHaveTextContent(/^$/);
  });

  it("names the columns, the checkboxes' one Public", () => {
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={vi.fn()} />);
    expect(screen.getByTestId("quote-columns")).toHaveTextContent("#QuoteDatePublic");
  });

  it("filters by visibility and searches", () => {
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: /Hidden/ }));
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    fireEvent.change(screen.getByRole("searchbox", { name: "Search quotes" }), { target: { value: "river" } });
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByText("1 of 3 quotes")).toBeInTheDocument();
  });
});
