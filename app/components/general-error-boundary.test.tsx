// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answeringOutages } from "#app/http/outage-answers.server.ts";
import { GeneralErrorBoundary } from "./general-error-boundary.tsx";

let thrown: unknown;

function Thrower(): null {
  throw thrown;
}

function Boundary() {
  return <GeneralErrorBoundary />;
}

function Empty() {
  return null;
}

function renderThrowing(error: unknown) {
  thrown = error;
  const Stub = createRoutesStub([{ path: "/", Component: Thrower, ErrorBoundary: Boundary }]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("GeneralErrorBoundary", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    cleanup();
  });

  it("shows a reload page with a Reload button when a code chunk failed to load", async () => {
    renderThrowing(new TypeError("Failed to fetch dynamically imported module: /assets/route-x.js"));
    expect(await screen.findByRole("heading", { name: "This page needs a reload" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  });

  it("shows the designed not-found page for a thrown 404", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        loader: () => {
          throw data("missing", { status: 404 });
        },
        Component: Empty,
        ErrorBoundary: Boundary,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });

  it("names an outage a loader answered (the database unavailable: 503) and what to do", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        loader: answeringOutages("page", async () => {
          throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
        }),
        Component: Empty,
        ErrorBoundary: Boundary,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Database unavailable" })).toBeInTheDocument();
    expect(screen.getByText(/^Database unavailable: .*try again in a minute\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/ECONNREFUSED/)).not.toBeInTheDocument();
  });

  it("shows a friendly page for other errors, without the stack in production", async () => {
    vi.stubEnv("DEV", false);
    renderThrowing(new Error("database exploded at line 42"));
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.queryByText(/line 42/)).not.toBeInTheDocument();
  });

  it("shows the stack in development", async () => {
    vi.stubEnv("DEV", true);
    renderThrowing(new Error("database exploded at line 42"));
    expect(await screen.findByText(/database exploded at line 42/)).toBeInTheDocument();
  });
});
