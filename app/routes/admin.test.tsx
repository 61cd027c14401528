// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import Studio, { ErrorBoundary } from "./admin.tsx";

function NothingYet() {
  return null;
}

function Screen() {
  return <h1>Outgoing Mail</h1>;
}

/** The studio shell with one screen below it, each answering with the given loader data. */
function renderStudio(nav: unknown, screenData: () => unknown) {
  const Stub = createRoutesStub([
    {
      id: "routes/admin",
      path: "/admin",
      Component: Studio as never,
      ErrorBoundary,
      HydrateFallback: NothingYet,
      loader: () => nav,
      children: [{ path: "mail", Component: Screen, loader: screenData }],
    },
  ]);
  return render(<Stub initialEntries={["/admin/mail"]} />);
}

const adminNav = () => screen.queryByRole("navigation", { name: "Admin" });

describe("the studio shell", () => {
  afterEach(cleanup);

  it("frames a screen: one <main>, the navigation at its top, then the screen", async () => {
    renderStudio({ unreadEnquiries: 3 }, () => ({ state: "admin" }));
    const heading = await screen.findByRole("heading", { name: "Outgoing Mail" });
    const main = screen.getByRole("main");
    expect(main.firstElementChild).toBe(adminNav());
    expect(main).toContainElement(heading);
    expect(screen.getAllByRole("main")).toHaveLength(1);
    // The row of tabs and the phone's menu (CSS shows one of them) mark the same screen and count.
    const current = screen.getAllByRole("link", { name: "Outgoing Mail" });
    expect(current).toHaveLength(2);
    for (const link of current) expect(link).toHaveAttribute("aria-current", "page");
    for (const link of screen.getAllByRole("link", { name: /Enquiries/ }))
      expect(link).toHaveTextContent("Enquiries3 unread");
    // The closed menu names the screen shown and the unread count.
    expect(adminNav()?.querySelector("summary")).toHaveTextContent("MenuOutgoing Mail3 unread enquiries");
  });

  it("shows the navigation without a count on a screen open before the second factor (Quotes, Security)", async () => {
    renderStudio({ unreadEnquiries: null }, () => ({ state: "admin" }));
    await screen.findByRole("heading", { name: "Outgoing Mail" });
    for (const link of screen.getAllByRole("link", { name: /Enquiries/ }))
      expect(link).toHaveTextContent(/^Enquiries$/);
    expect(adminNav()?.querySelector("summary")).not.toHaveTextContent(/unread/);
  });

  it("leaves a gate as it is: its own page, no navigation", async () => {
    renderStudio(null, () => ({ state: "login" }));
    await screen.findByRole("heading", { name: "Outgoing Mail" });
    expect(adminNav()).not.toBeInTheDocument();
    expect(screen.queryByRole("main")).not.toBeInTheDocument();
  });

  it("shows no navigation over a screen's gate even when signed in (no second factor yet)", async () => {
    renderStudio({ unreadEnquiries: null }, () => ({ state: "needs-factor" }));
    await screen.findByRole("heading", { name: "Outgoing Mail" });
    expect(adminNav()).not.toBeInTheDocument();
  });

  it("shows a screen's error page in place of the whole studio page, without the navigation", async () => {
    renderStudio({ unreadEnquiries: null }, () => {
      throw data("Database unavailable: the site cannot reach its database right now.", { status: 503 });
    });
    expect(await screen.findByRole("heading", { name: "Database unavailable" })).toBeInTheDocument();
    expect(adminNav()).not.toBeInTheDocument();
    expect(screen.getAllByRole("main")).toHaveLength(1);
  });
});
