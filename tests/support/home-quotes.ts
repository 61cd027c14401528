import type { BrowserContext } from "@playwright/test";

/** The quotes the home page shows a visitor of `context`, in order, without their quotation marks. */
export async function homeQuoteTexts(context: BrowserContext): Promise<string[]> {
  const home = await context.newPage();
  try {
    await home.goto("/");
    const texts = await home.locator('section[aria-labelledby="quotes-title"] blockquote').allTextContents();
    return texts.map((t) => t.trim().replace(/^“|”$/g, ""));
  } finally {
    await home.close();
  }
}

/** The three newest public quotes, as the public API lists them. */
export async function newestPublicQuotes(context: BrowserContext): Promise<Array<{ id: number; text: string }>> {
  const body = await (await context.request.get("/api/quotes?limit=3")).json();
  return body.quotes;
}
