import { useId, useState } from "react";
import {
  type CreateSavedSearch,
  DELIVERY_LABELS,
  SAVED_SEARCH_DELIVERIES,
  type SavedSearchDelivery,
} from "../../shared/saved-searches.ts";
import { useSession } from "../auth/index.ts";
import { notify } from "../ui/notify.tsx";
import { useSaveSearch } from "./api/saved-searches.ts";
import "./notifications.css";

/**
 * "Alert me" under a search of posts (issue 30): saves its words and filters for the signed-in
 * member, who then hears of each new matching post, as they choose to get it. Members only.
 */
export function AlertMeForm({ search }: { search: Omit<CreateSavedSearch, "delivery"> }) {
  const session = useSession();
  if (!session.data?.profile) return null;
  return <AlertMe search={search} />;
}

function AlertMe({ search }: { search: Omit<CreateSavedSearch, "delivery"> }) {
  const save = useSaveSearch();
  const [delivery, setDelivery] = useState<SavedSearchDelivery>("instant");
  const selectId = useId();
  return (
    <form
      className="alert-me"
      aria-label="Alert me about new posts"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { ...search, delivery },
          {
            onSuccess: () =>
              notify(
                "Saved. New posts matching this search will appear under the bell.",
                "success",
              ),
            onError: (error) => notify(error.message, "error"),
          },
        );
      }}
    >
      <label htmlFor={selectId}>Tell me about new matching posts</label>
      <select
        id={selectId}
        value={delivery}
        onChange={(event) => setDelivery(event.target.value as SavedSearchDelivery)}
      >
        {SAVED_SEARCH_DELIVERIES.map((option) => (
          <option key={option} value={option}>
            {DELIVERY_LABELS[option]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-ghost" disabled={save.isPending}>
        Alert me
      </button>
    </form>
  );
}
