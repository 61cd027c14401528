import { InlineScript } from "./inline-script.tsx";

/**
 * A script file a page needs only once it shows: the header's menus, the enquiry form, Contact's
 * route log. Each works as HTML or CSS until then. It is asked for after the first frame has
 * painted, so on a slow line its request never shares the page's first bytes or its largest
 * image, nor holds the largest paint back (issue 20). Inline, so the page's policy allows it by
 * hash (prerendered) or by nonce (rendered per request).
 */
export function AfterFirstPaintScript({ src }: { src: string }) {
  return (
    <InlineScript
      code={`requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement("script");s.src=${JSON.stringify(src)};document.body.appendChild(s)})})`}
    />
  );
}
