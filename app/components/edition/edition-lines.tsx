import { useRef } from "react";
import { useBehaviourScript } from "#app/components/behaviour-script.ts";
import { InlineScript } from "#app/components/inline-script.tsx";
import editionLiveScript from "./edition-live.script.js?inline-script";

const loadEditionLive = () => import("./edition-live.script.js");

/**
 * A work's edition line, "Edition of 8 · 6 available" (issue 40). Drawn even when the work has
 * no edition (empty and hidden: nothing shows), so that edition-live.script.js can fill it in
 * when one is set while the page is open. The script writes its text; React never changes it
 * after its first render.
 */
export function EditionLine({ workSlug, line, className }: { workSlug: string; line?: string; className?: string }) {
  return (
    <p className={className} data-edition-work={workSlug} hidden={!line} suppressHydrationWarning>
      {line ?? ""}
    </p>
  );
}

/** A series' line, "Icaro: 6 of 12 claimed", kept live the same way. */
export function SeriesLine({ series, line, className }: { series: string; line?: string; className?: string }) {
  return (
    <p className={className} data-edition-series={series} hidden={!line} suppressHydrationWarning>
      {line ?? ""}
    </p>
  );
}

/**
 * Keeps every edition and series line inside `children` live (decision 076): the script is
 * written in after them on a page load, and started by React after a client-side navigation.
 */
export function LiveEditionLines({ children, className }: { children: React.ReactNode; className?: string }) {
  const root = useRef<HTMLDivElement>(null);
  useBehaviourScript(root, "editionLive", loadEditionLive);
  return (
    // No box of its own: the lines' layout is their parents'.
    <div ref={root} className={className} style={className ? undefined : { display: "contents" }} data-edition-live="">
      {children}
      <InlineScript code={editionLiveScript} />
    </div>
  );
}
