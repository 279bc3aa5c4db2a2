import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { NextPageButton } from "../ui/next-page-button.tsx";

type Props<Page, Item> = {
  /** "Posts" or "People": the group's heading. */
  title: string;
  query: UseInfiniteQueryResult<InfiniteData<Page, unknown>>;
  itemsOf: (page: Page) => Item[];
  keyOf: (item: Item) => string | number;
  children: (item: Item) => ReactNode;
  /** The searched words, for the no-results text. */
  q: string | undefined;
  /** Filters are set: no results suggests removing them. */
  onClearFilters: (() => void) | undefined;
};

/**
 * One group of search results under its heading: the ranked list, "More" for the next page, and
 * when nothing matched a "No results" that says what was searched and, under filters, offers to
 * remove them.
 */
export function ResultGroup<Page, Item>({
  title,
  query,
  itemsOf,
  keyOf,
  children,
  q,
  onClearFilters,
}: Props<Page, Item>) {
  const headingId = useId();
  const items = (query.data?.pages ?? []).flatMap(itemsOf);
  const lower = title.toLowerCase();

  let body: ReactNode;
  if (query.isPending) {
    body = <p className="muted">Searching...</p>;
  } else if (query.isError && !query.data) {
    body = (
      <div role="alert">
        <p className="error-text">
          Could not search the {lower}. {query.error.message}
        </p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="result-none">
        <p>
          <strong>No results</strong>
          {q ? ` in ${lower} for "${q}".` : ` in ${lower}.`}
          {onClearFilters
            ? " Try removing some filters."
            : q && " Check the spelling, or try fewer or shorter words."}
        </p>
        {onClearFilters && (
          <button type="button" className="button button-ghost" onClick={onClearFilters}>
            Remove the filters
          </button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="result-list" aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={keyOf(item)}>{children(item)}</li>
          ))}
        </ul>
        {query.isFetchNextPageError && (
          <p role="alert" className="error-text">
            Could not load more {lower}. Please try again.
          </p>
        )}
        <NextPageButton pages={query} className="result-more">
          More {lower}
        </NextPageButton>
      </>
    );
  }

  return (
    <section className="result-group" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h2 id={headingId}>{title}</h2>
      {body}
    </section>
  );
}
