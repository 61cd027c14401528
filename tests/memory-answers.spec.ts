import { expect, test } from "@playwright/test";

// Answers served from memory (issue 13): the quote wall's rendered pages and prerendered pages.
test.describe("answers from memory", () => {
  test("the quote wall is kept compressed after its first render, and its search still runs under the kept policy @desktop", async ({
    page,
    request,
  }) => {
    const path = "/quotes?q=plant";
    await (await request.get(path)).text();
    // The kept copy is compressed off the event loop after the first answer.
    await expect
      .poll(
        async () => (await request.get(path, { headers: { "Accept-Encoding": "br" } })).headers()["content-encoding"],
      )
      .toBe("br");
    const kept = await request.get(path);
    expect(kept.headers()["content-security-policy"]).toContain("'sha256-");
    expect(kept.headers()["content-security-policy"]).not.toContain("nonce");
    expect(kept.headers().etag).toBeTruthy();
    expect(await kept.text()).toContain("Plants do not rush");
    const notModified = await request.get(path, { headers: { "If-None-Match": kept.headers().etag as string } });
    expect(notModified.status()).toBe(304);

    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(path);
    await page.getByLabel("Search quotes").fill("chamber");
    await expect(page.getByRole("list", { name: "Quotes" }).getByRole("listitem")).toHaveCount(1);
    expect(violations).toEqual([]);
  });

  // Requests only, the same at any width: run once.
  test("a prerendered page is sent as the build compressed it, brotli or gzip as asked", { tag: "@desktop" }, async ({
    request,
  }) => {
    // Here the server's origin is not the build's, so it compresses the pages again at start.
    const asked = { headers: { "Accept-Encoding": "gzip;q=0.5, br" } };
    await expect.poll(async () => (await request.get("/cv", asked)).headers()["content-encoding"]).toBe("br");
    const br = await request.get("/cv", asked);
    const gzip = await request.get("/cv", { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    expect(await gzip.text()).toEqual(await br.text());
    const plain = await request.get("/cv", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(plain.headers()["content-length"]).toBe(String((await plain.body()).length));
  });
});
