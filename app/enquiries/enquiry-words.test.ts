import { describe, expect, it } from "vitest";
import { replyMailto, workHref } from "./enquiry-words.ts";

describe("the prepared reply", () => {
  it("encodes every part, so nothing typed can add headers or recipients", () => {
    const href = replyMailto({
      email: "ada+art@example.test",
      name: "Ada & Co",
      subjectTitle: "Prints?&cc=evil@example.test",
      message: "Hello\nIs it available?\r\n100% sure",
      createdAt: new Date("2026-11-26T01:00:00.000Z"),
    });
    expect(
      href.startsWith("mailto:ada%2Bart@example.test?subject=Re%3A%20Prints%3F%26cc%3Devil%40example.test&body="),
    ).toBe(true);
    expect(href).not.toMatch(/[\s<>"]/);
    const params = new URLSearchParams(href.slice(href.indexOf("?") + 1));
    expect([...params.keys()]).toEqual(["subject", "body"]);
    const body = decodeURIComponent(href.split("body=")[1]!);
    expect(body).toContain("Dear Ada & Co,");
    expect(body).toContain("> Hello\r\n> Is it available?\r\n> 100% sure");
  });

  it("links only a work's slug to its page", () => {
    expect(workHref("work", "the-trinket-maker")).toBe("/art/the-trinket-maker");
    expect(workHref("work", "../admin")).toBeUndefined();
    expect(workHref("work", "javascript:alert(1)")).toBeUndefined();
    expect(workHref("prints", "the-trinket-maker")).toBeUndefined();
    expect(workHref("work", null)).toBeUndefined();
  });
});
