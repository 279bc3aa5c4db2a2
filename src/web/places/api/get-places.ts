import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PLACE_QUERY_MIN, type PlacesResponse } from "../../../shared/places.ts";
import { apiFetch } from "../../api/client.ts";

/** How long typing must pause before the list is asked for: one request per word, not per key. */
export const PLACES_DEBOUNCE_MS = 250;

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), PLACES_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * The places whose name starts with `text` (GET /api/places), once typing pauses and from
 * PLACE_QUERY_MIN letters on; the last list stays while the next one loads. The gazetteer never
 * changes while the app runs, so an answer is good for the whole visit.
 */
export function usePlaces(text: string) {
  const q = useSettled(text.trim());
  const enabled = q.length >= PLACE_QUERY_MIN;
  const query = useQuery({
    queryKey: ["places", q.toLowerCase()],
    queryFn: ({ signal }) =>
      apiFetch<PlacesResponse>(`/places?q=${encodeURIComponent(q)}`, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  return { ...query, settled: q, enabled };
}
