import { describe, expect, it } from "vitest";
import { isLinkAddress, LINK_ADDRESS_RULE, linkAddress } from "./link-address.ts";

describe("isLinkAddress: the one rule for content fields that become an href or src", () => {
  it("takes http(s) links, mailto: addresses and paths on this site", () => {
    for (const address of [
      "https://x.com/umbra_studio",
      "http://example.org/a?b=c#d",
      "mailto:studio@umbra.test",
      "/about",
      "/logo.svg",
      "/exhibitions/art-basel-miami-2023#works",
    ]) {
      expect(isLinkAddress(address), address).toBe(true);
    }
  });

  it("refuses scripts, data, other schemes, another host without a scheme and relative addresses", () => {
    for (const address of [
      "javascript:alert(3)",
      "JavaScript:alert(3)",
      "java\tscript:alert(3)",
      " javascript:alert(3)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "ftp://example.org/file",
      "//evil.example/x",
      "/\\evil.example/x",
      "https:evil.example",
      "https://",
      "mailto:",
      "about",
      "#notes",
      "",
    ]) {
      expect(isLinkAddress(address), address).toBe(false);
    }
  });

  it("refuses with a sentence that says what an address may be", () => {
    const result = linkAddress.safeParse("javascript:alert(3)");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(LINK_ADDRESS_RULE);
  });
});
