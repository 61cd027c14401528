// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminQuote } from "./admin-quote";
import { AdminQuotesScreen } from "./admin-quotes-screen";

const quotes: AdminQuote[] = [
  { id: 3, text: "Moths keep the night honest", createdAt: "2025-03-01T00:00:00.000Z", includeInSearch: true },
  { id: 2, text: "A lantern is a question", createdAt: "2025-02-01T00:00:00.000Z", includeInSearch: false },
  { id: 1, text: "Paint what the river forgets", createdAt: "2025-01-01T00:00:00.000Z", includeInSearch: false },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("AdminQuotesScreen", () => {
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

  it("rolls back and alerts when the save fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const save = vi.fn().mockRejectedValue(new Error("database is down"));
    render(<AdminQuotesScreen initialQuotes={quotes} saveVisibility={save} />);
    const box = screen.getByRole("checkbox", { name: "Show #3 on the public wall" });
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Error updating quote: database is down"));
    expect(box).toBeChecked();
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
