import { useQuery } from "@tanstack/react-query";
import type { PlaceResponse } from "../../../shared/places.ts";
import { apiFetch } from "../../api/client.ts";

/**
 * The place `id` names (GET /api/places/:id), for a town an address holds (`near=`); nothing
 * asked while `id` is undefined. The gazetteer never changes while the app runs.
 */
export function usePlace(id: number | undefined) {
  return useQuery({
    queryKey: ["place", id],
    queryFn: ({ signal }) => apiFetch<PlaceResponse>(`/places/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.place,
  });
}
