/**
 * The `sizes` of a work's main picture (the artwork page, a viewing room's work). The view at
 * scale gives its small copy of the same picture these sizes too, so the browser picks the file
 * it already has for the main one instead of asking for a second, smaller one that competes with
 * it on a phone's first load.
 */
export const WORK_PICTURE_SIZES =
  "(min-width: 1440px) 952px, (min-width: 1024px) calc(100vw - 488px), calc(100vw - 32px)";
