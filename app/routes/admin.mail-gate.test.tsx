// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import AdminMailPage from "./admin.mail.tsx";

function NothingYet() {
  return null;
}

function renderMailPage(loaderData: unknown) {
  const Stub = createRoutesStub([
    { path: "/admin/mail", Component: AdminMailPage as never, loader: () => loaderData, HydrateFallback: NothingYet },
  ]);
  return render(<Stub initialEntries={["/admin/mail"]} />);
}

describe("the Outgoing Mail screen's gate", () => {
  afterEach(cleanup);

  it("asks an admin without a second factor to add one, and lists no mail", async () => {
    renderMailPage({ state: "needs-factor" });
    expect(await screen.findByRole("heading", { name: "Outgoing Mail" })).toBeInTheDocument();
    expect(screen.getByText(/addressed to collectors/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add an authenticator app" })).toHaveAttribute("href", "/admin/security");
    expect(screen.queryByRole("list", { name: "Waiting and failed mail" })).not.toBeInTheDocument();
  });

  it("shows the sign-in form when signed out", async () => {
    renderMailPage({ state: "login" });
    expect(await screen.findByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
  });
});
