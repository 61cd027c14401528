import type { Page } from "@playwright/test";

/**
 * Holds back every script file but the header's menu script, as on a line that never delivers
 * them: for pages whose controls must work from their own lines in the page (decision 058).
 * Returns the list of held files' URLs, filled as the page asks for them.
 */
export async function holdScriptFilesButTheHeaders(page: Page): Promise<string[]> {
  const held: string[] = [];
  await page.route("**/assets/*.js", (route) => {
    if (/\/site-header\.script-[\w-]+\.js$/.test(route.request().url())) return route.continue();
    held.push(route.request().url());
    return new Promise<void>(() => {});
  });
  return held;
}

/**
 * Holds back one script file (its built name matched by `file`) until the returned function is
 * called, as on a slow line: for what a visitor does before a page's script has arrived.
 */
export async function holdScriptFile(page: Page, file: RegExp): Promise<() => void> {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(file, async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}
