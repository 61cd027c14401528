import { useEffect, useState } from "react";

/** False in the server's markup and until the page's script runs: the no-JavaScript form is drawn till then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
