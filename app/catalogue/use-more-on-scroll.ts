import { type RefObject, useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * After a first "More works", the next pages follow on scroll: when the "More works" link comes
 * within 800 px below the screen, or anywhere above it (a fast scroll can jump past the link),
 * the gallery goes to `next` as the link would. Before that first click the footer stays
 * reachable until the visitor asks for more. `runStart` is the page that run of pages began at.
 */
export function useMoreOnScroll({
  link,
  next,
  loading,
  runStart,
  page,
}: {
  link: RefObject<HTMLAnchorElement | null>;
  next: string | undefined;
  loading: boolean;
  runStart: number;
  page: number;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const more = link.current;
    if (!next || loading || runStart === page || !more || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          navigate(next, { replace: true, preventScrollReset: true, state: { galleryFrom: runStart } });
        }
      },
      { rootMargin: "1000000px 0px 800px 0px" },
    );
    observer.observe(more);
    return () => observer.disconnect();
  }, [link, next, loading, runStart, page, navigate]);
}
