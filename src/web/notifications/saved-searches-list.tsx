import { useId } from "react";
import { Link } from "react-router";
import {
  DELIVERY_LABELS,
  type SavedSearch,
  savedSearchLabel,
} from "../../shared/saved-searches.ts";
import { MutationButton } from "../ui/mutation-button.tsx";
import { useDeleteSavedSearch, useSavedSearches } from "./api/saved-searches.ts";
import "./notifications.css";

/** Where a saved search's results are: the search page with its words and filters. */
function searchLink(search: SavedSearch): string {
  const params = new URLSearchParams();
  if (search.q) params.set("q", search.q);
  if (search.type) params.set("type", search.type);
  if (search.topic) params.set("topic", search.topic);
  if (search.within) params.set("within", String(search.within));
  return `/search?${params}`;
}

/** Settings → Saved searches: each with how its matches come, and Delete. */
export function SavedSearchesList() {
  const searches = useSavedSearches();
  if (searches.isPending) return <p className="muted">Loading…</p>;
  if (searches.isError) return <p role="alert">Your saved searches could not be loaded.</p>;
  if (searches.data.length === 0) {
    return (
      <p className="muted">
        No saved searches. Search for posts and press “Alert me” to hear of new ones.
      </p>
    );
  }
  return (
    <ul className="saved-searches" aria-label="Saved searches">
      {searches.data.map((search) => (
        <SavedSearchItem key={search.id} search={search} />
      ))}
    </ul>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const remove = useDeleteSavedSearch();
  const nameId = useId();
  const label = savedSearchLabel(search);
  return (
    <li className="saved-search">
      <p>
        <Link id={nameId} to={searchLink(search)}>
          {label}
        </Link>{" "}
        <span className="muted">· {DELIVERY_LABELS[search.delivery]}</span>
      </p>
      <MutationButton
        mutation={remove}
        variables={search.id}
        successText={`Deleted the saved search ${label}.`}
        aria-describedby={nameId}
        aria-label={`Delete saved search ${label}`}
      >
        Delete
      </MutationButton>
    </li>
  );
}
