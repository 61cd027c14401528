import type { Page } from "@playwright/test";

/** Everything in <main> a finger can operate: links, buttons, form controls, disclosure buttons. */
const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]';

/**
 * The interactive controls in the page's <main> whose box is under 44 x 44 px (WCAG 2.5.5's
 * target size), each named by its start tag and size; an empty list when every one is big enough.
 * Controls not rendered (display: none, or outside the virtualised rows) have no box and are skipped.
 */
export function tapTargetsUnder44(page: Page): Promise<string[]> {
  return page.locator("main").evaluate((main, selector) => {
    const small: string[] = [];
    for (const element of main.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect();
      if (element.getClientRects().length === 0 || (box.width === 0 && box.height === 0)) continue;
      if (box.width < 44 || box.height < 44) {
        const tag = element.outerHTML.slice(0, element.outerHTML.indexOf(">") + 1);
        small.push(`${tag} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  }, INTERACTIVE);
}
