import { InlineScript } from "./inline-script.tsx";

/**
 * A script file a page needs only once it shows: the header's menus, the enquiry form, Contact's
 * route log. Each works as HTML or CSS until then. It is asked for after the first frame has
 * painted, so on a slow line its request never shares the page's first bytes or its largest
 * image, nor holds the largest paint back (issue 20). Inline, so the page's policy allows it by
 * hash (prerendered) or by nonce (rendered per request).
 */
export function AfterFirstPaintScript({ src, keepClicksOn }: { src: string; keepClicksOn?: KeptClicks }) {
  const load = `var s=document.createElement("script");s.src=${JSON.stringify(src)};`;
  if (!keepClicksOn) {
    return (
      <InlineScript
        code={`requestAnimationFrame(function(){setTimeout(function(){${load}document.body.appendChild(s)})})`}
      />
    );
  }
  // A plain left click on one of these before the file has run is kept (window.__earlyClicks)
  // for the file to act on, rather than followed; if the file cannot load, the link is followed.
  const { selector, readyFlag } = keepClicksOn;
  const keep = `document.addEventListener("click",function(e){var t=e.target,l=t&&t.closest&&t.closest(${JSON.stringify(selector)});if(!l||window[${JSON.stringify(readyFlag)}]||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;e.preventDefault();(window.__earlyClicks=window.__earlyClicks||[]).push(l)},true);`;
  const fallback = `s.onerror=function(){var l=(window.__earlyClicks||[])[0];if(l&&l.href)location.href=l.href};`;
  return (
    <InlineScript
      code={`${keep}requestAnimationFrame(function(){setTimeout(function(){${load}${fallback}document.body.appendChild(s)})})`}
    />
  );
}

/** Links whose early clicks the script acts on once it has run (it sets `window[readyFlag]`). */
export interface KeptClicks {
  selector: string;
  readyFlag: string;
}
