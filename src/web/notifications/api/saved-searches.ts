import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CreateSavedSearch,
  savedSearchesResponseSchema,
  savedSearchResponseSchema,
} from "../../../shared/saved-searches.ts";
import { apiFetch } from "../../api/client.ts";
import { notificationKeys } from "./notification-keys.ts";

type SavedSearches = z.infer<typeof savedSearchesResponseSchema>;
type Saved = z.infer<typeof savedSearchResponseSchema>;

const listSavedSearches = ({ signal }: { signal: AbortSignal }) =>
  apiFetch<SavedSearches>("/saved-searches", { signal });

/** GET /api/saved-searches: the member's saved searches, oldest first. */
export const useSavedSearches = () =>
  useQuery({
    queryKey: notificationKeys.savedSearches,
    queryFn: listSavedSearches,
    select: (data) => data.saved_searches,
  });

/** A change to the member's saved searches; the list is read again after it. */
function useSavedSearchesChange<Variables, Answer>(
  call: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.savedSearches }),
  });
}

/** POST /api/saved-searches ("Alert me"). */
export const useSaveSearch = () =>
  useSavedSearchesChange((search: CreateSavedSearch) =>
    apiFetch<Saved>("/saved-searches", { method: "POST", body: search }),
  );

/** DELETE /api/saved-searches/:id. */
export const useDeleteSavedSearch = () =>
  useSavedSearchesChange((id: number) =>
    apiFetch<null>(`/saved-searches/${id}`, { method: "DELETE" }),
  );
