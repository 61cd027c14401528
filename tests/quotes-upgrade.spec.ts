import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { dataDirAt0008 } from "./support/database-before-quotes-rename.ts";
import { adminHeadersFor, type ServerProcess, startServer } from "./support/server-process.ts";

// Decision 045: a data folder an older version made (its quotes in "tweets", migrations to 0008)
// is upgraded by the built server's start and keeps every quote. Its own server: desktop only.
test.describe("a data folder from before the quotes table was renamed @desktop", () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "umbra-quotes-upgrade-e2e-"));
  let server: ServerProcess | undefined;
  test.afterAll(async () => {
    server?.child.kill();
    await server?.exited;
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  test("opens with its quotes on the wall, and the admin still changes them", async ({ page }) => {
    test.setTimeout(180_000);
    server = await startServer({ DATA_DIR: await dataDirAt0008(scratch) });

    await page.goto(`${server.url}/quotes`);
    const wall = page.getByRole("main");
    await expect(wall.getByText("An old hidden quote")).toBeVisible();
    await expect(wall.getByText("An old public quote")).toBeVisible();
    // Still hidden, and no stand-in quotes seeded over a table that has rows.
    await expect(wall.getByText("A seeded quote")).toHaveCount(0);

    const headers = await adminHeadersFor(server);
    const list = await fetch(`${server.url}/api/admin/quotes`, { headers });
    expect(list.status).toBe(200);
    const { quotes } = (await list.json()) as { quotes: Array<{ id: number; text: string }> };
    expect(quotes.map((quote) => quote.text)).toEqual(["A seeded quote", "An old hidden quote", "An old public quote"]);

    const publicOne = quotes.find((quote) => quote.text === "An old public quote");
    const hide = await fetch(`${server.url}/api/admin/quotes/${publicOne?.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ includeInSearch: false }),
    });
    expect(hide.status).toBe(200);
    await page.reload();
    await expect(wall.getByText("An old hidden quote")).toBeVisible();
    await expect(wall.getByText("An old public quote")).toHaveCount(0);
  });
});
