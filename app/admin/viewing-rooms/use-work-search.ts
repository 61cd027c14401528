import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { EditorAnswerData } from "./room-editor.tsx";
import { ROOM_LIMITS, type WorkChoice } from "./room-form.ts";

/**
 * The catalogue search of the editor: with JavaScript through the admin API, without it
 * answered by the server with the form (its results then come with the answer).
 */
export function useWorkSearch(answer: EditorAnswerData | undefined, announce: (message: string) => void) {
  const [search, setSearch] = useState(answer?.search ?? "");
  const [results, setResults] = useState<WorkChoice[] | undefined>(answer?.results);
  const searchFetcher = useFetcher<{ results: WorkChoice[] }>();

  useEffect(() => {
    if (answer?.results) setResults(answer.results);
  }, [answer]);

  useEffect(() => {
    if (searchFetcher.data?.results) {
      setResults(searchFetcher.data.results);
      announce(
        searchFetcher.data.results.length === 0
          ? "No work matches."
          : `${searchFetcher.data.results.length} ${searchFetcher.data.results.length === 1 ? "work" : "works"} found.`,
      );
    }
  }, [searchFetcher.data, announce]);

  function runSearch() {
    const query = search.trim();
    if (!query) {
      setResults(undefined);
      return;
    }
    searchFetcher.load(`/admin/viewing-rooms/works?q=${encodeURIComponent(query.slice(0, ROOM_LIMITS.search))}`);
  }

  return { search, setSearch, results, runSearch };
}
