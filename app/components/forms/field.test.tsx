// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorList } from "./error-list.tsx";
import { ErrorSummary } from "./error-summary.tsx";
import { Field } from "./field.tsx";
import { fieldIds } from "./field-ids.ts";

afterEach(cleanup);

describe("Field", () => {
  it("labels its control by an id from useId, with no aria-invalid while it has no error", () => {
    render(<Field label="Email">{(control) => <input type="email" name="email" {...control} />}</Field>);
    const input = screen.getByLabelText("Email");
    expect(input.id).not.toBe("");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
  });

  it("describes the control by its hint and its error, and marks it invalid", () => {
    render(
      <Field label="Message" hint="Up to 4,000 characters." errors="Write a message." id="m">
        {(control) => <textarea name="message" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Message");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-describedby", "m-hint m-error");
    expect(input).toHaveAccessibleDescription("Up to 4,000 characters. Write a message.");
    expect(document.getElementById("m-error")).toHaveTextContent("Write a message.");
  });

  it("keeps an empty error slot for a script, named by the control but not invalid", () => {
    render(
      <Field label="Name" id="n" keepErrorSlot errorProps={{ "data-error-for": "name" }}>
        {(control) => <input name="name" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Name");
    expect(input).toHaveAttribute("aria-describedby", "n-error");
    expect(input).not.toHaveAttribute("aria-invalid");
    const slot = document.getElementById("n-error");
    expect(slot).toHaveAttribute("data-error-for", "name");
    expect(slot).toBeEmptyDOMElement();
  });

  it("names the error by a given id (the editor's e-<name>)", () => {
    const ids = fieldIds({ id: "f-heading", errorId: "e-heading", errors: ["Too long."] });
    expect(ids.control["aria-describedby"]).toBe("e-heading");
    expect(fieldIds({ id: "x", errors: [null, ""] }).control["aria-invalid"]).toBeUndefined();
  });
});

describe("ErrorList", () => {
  it("draws one message as a paragraph, several as a list, none as nothing", () => {
    const { container, rerender } = render(<ErrorList id="e" errors="One." />);
    expect(container.querySelector("p#e")).toHaveTextContent("One.");
    rerender(<ErrorList id="e" errors={["One.", "Two."]} />);
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["One.", "Two."]);
    rerender(<ErrorList id="e" errors={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("ErrorSummary", () => {
  it("is an alert with the form's message and a link to each field with a problem", () => {
    render(
      <ErrorSummary
        message="The enquiry could not be sent."
        problems={[
          { fieldId: "f-name", message: "Enter your name." },
          { fieldId: "f-email", message: "Enter an email address." },
        ]}
      />,
    );
    const summary = screen.getByRole("alert");
    expect(summary).toHaveAttribute("tabindex", "-1");
    expect(summary).toHaveTextContent("The enquiry could not be sent.");
    expect(screen.getByRole("link", { name: "Enter your name." })).toHaveAttribute("href", "#f-name");
    expect(screen.getByRole("link", { name: "Enter an email address." })).toHaveAttribute("href", "#f-email");
  });

  it("is silent and empty with nothing to say, unless asked to be a live region from the start", () => {
    const { container, rerender } = render(<ErrorSummary />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(container.firstElementChild).toBeEmptyDOMElement();
    rerender(<ErrorSummary alwaysLive />);
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });
});
