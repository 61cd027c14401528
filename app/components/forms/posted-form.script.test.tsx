// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EnquiryForm } from "#app/components/enquiry/enquiry-form.tsx";
import { SubscribeForm } from "#app/components/subscribe/subscribe-form.tsx";

// posted-form.script.js, the one script of the enquiry and subscribe forms (issue 38), run on
// the server's markup of both as a page runs it: each form's own ways (where it is sent, how a
// refusal shows, what the sent state says) over the one sending machinery.

type Answer = { status: number; body: unknown };
const requests: Array<{ method: string; url: string; body?: URLSearchParams }> = [];
let answers: Answer[] = [];

function page({ enquiryToken = "signed", subscribeToken = "signed", display = "open" as "open" | "closed" } = {}) {
  document.body.innerHTML = renderToString(
    <>
      <EnquiryForm
        descriptor={{ subject: "other", subjectTitle: "General enquiry", sourcePath: "/contact" }}
        token={enquiryToken || undefined}
        display={display}
        openLabel="Enquire"
        confirmation="Your enquiry reached the studio."
      />
      <SubscribeForm
        id="test-subscribe"
        heading="Subscribe"
        topics={[{ key: "prints", label: "Icaro prints" }]}
        source="/prices"
        token={subscribeToken || undefined}
      />
    </>,
  );
  const enquiry = document.querySelector<HTMLFormElement>("[data-enquiry-form]")!;
  const subscribe = document.querySelector<HTMLFormElement>("[data-subscribe-form]")!;
  return { enquiry, subscribe };
}

function send(form: HTMLFormElement) {
  form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
}

beforeAll(async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ method: init?.method ?? "GET", url, body: init?.body as URLSearchParams | undefined });
      const answer = answers.shift() ?? { status: 200, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  await import("./posted-form.script.js");
});

afterEach(() => {
  requests.length = 0;
  answers = [];
  document.body.replaceChildren();
});

describe("the enquiry form (posted-form.script.js)", () => {
  it("shows a refusal beside each field and as links in the summary, focus on the first", async () => {
    const { enquiry } = page();
    answers = [
      { status: 422, body: { message: "2 fields need a change.", fieldErrors: { name: "Enter your name." } } },
    ];
    send(enquiry);
    await vi.waitFor(() =>
      expect(enquiry.querySelector("[data-error-for=name]")?.textContent).toBe("Enter your name."),
    );
    expect(requests).toEqual([expect.objectContaining({ method: "POST", url: "/api/enquiries" })]);
    expect(requests[0]?.body?.get("token")).toBe("signed");
    const name = enquiry.elements.namedItem("name") as HTMLInputElement;
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const summary = enquiry.querySelector("[data-form-error]")!;
    expect(summary.querySelector("a")?.getAttribute("href")).toBe(`#${name.id}`);
    expect(document.activeElement).toBe(name);
    expect(enquiry.hidden).toBe(false);
  });

  it("gives way to its own confirmation once stored, which takes focus", async () => {
    const { enquiry } = page();
    answers = [{ status: 201, body: { message: "Sent." } }];
    send(enquiry);
    await vi.waitFor(() => expect(enquiry.hidden).toBe(true));
    const status = document.querySelector<HTMLElement>("[data-enquiry-status]")!;
    expect(status.textContent).toBe("Your enquiry reached the studio.");
    expect(document.activeElement).toBe(status);
  });

  it("opens in place from its Enquire button and fetches a token from the enquiry address", async () => {
    const { enquiry } = page({ enquiryToken: "", display: "closed" });
    answers = [{ status: 200, body: { token: "fresh" } }];
    document.querySelector<HTMLAnchorElement>("[data-enquiry-open]")!.click();
    expect(enquiry.hidden).toBe(false);
    await vi.waitFor(() => expect(requests).toEqual([{ method: "GET", url: "/api/enquiries", body: undefined }]));
  });
});

describe("the subscribe form (posted-form.script.js)", () => {
  it("shows a refusal about the address in the summary and beside the address, focused", async () => {
    const { subscribe } = page();
    answers = [{ status: 422, body: { message: "Enter an email address.", fieldError: "Enter an email address." } }];
    send(subscribe);
    const email = subscribe.elements.namedItem("email") as HTMLInputElement;
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(requests).toEqual([expect.objectContaining({ method: "POST", url: "/api/subscriptions" })]);
    expect(subscribe.querySelector("[data-error-for]")?.textContent).toBe("Enter an email address.");
    const summary = subscribe.querySelector("[data-form-error]")!;
    expect(summary.textContent).toBe("Enter an email address.");
    expect(summary.getAttribute("role")).toBe("alert");
    expect(document.activeElement).toBe(email);
  });

  it("a refusal not about the address focuses the summary", async () => {
    const { subscribe } = page();
    answers = [{ status: 429, body: { message: "Too many sign-ups from here." } }];
    send(subscribe);
    const summary = subscribe.querySelector<HTMLElement>("[data-form-error]")!;
    await vi.waitFor(() => expect(summary.textContent).toBe("Too many sign-ups from here."));
    expect(document.activeElement).toBe(summary);
  });

  it("gives way to the server's answer, which takes focus", async () => {
    const { subscribe, enquiry } = page();
    answers = [{ status: 202, body: { message: "Check your inbox." } }];
    send(subscribe);
    await vi.waitFor(() => expect(subscribe.hidden).toBe(true));
    const status = document.querySelector<HTMLElement>("[data-subscribe-status]")!;
    expect(status.textContent).toBe("Check your inbox.");
    expect(document.activeElement).toBe(status);
    // The other form on the page is untouched.
    expect(enquiry.hidden).toBe(false);
    expect(document.querySelector("[data-enquiry-status]")?.textContent).toBe("");
  });

  it("fetches its token from the subscribe address at the first focus", async () => {
    const { subscribe } = page({ subscribeToken: "" });
    answers = [{ status: 200, body: { token: "fresh" } }];
    (subscribe.elements.namedItem("email") as HTMLInputElement).focus();
    await vi.waitFor(() => expect(requests).toEqual([{ method: "GET", url: "/api/subscriptions", body: undefined }]));
  });
});
