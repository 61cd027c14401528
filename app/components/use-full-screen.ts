import { type RefObject, useEffect, useState } from "react";

/** Full screen for `element`: whether the browser offers it, whether it is on, and a toggle. */
export function useFullScreen(element: RefObject<HTMLElement | null>) {
  const [available, setAvailable] = useState(false);
  const [active, setActive] = useState(false);

  useEffect(() => {
    setAvailable(document.fullscreenEnabled === true);
    const onChange = () => setActive(document.fullscreenElement === element.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [element]);

  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.current?.requestFullscreen();
  };
  return { available, active, toggle };
}
