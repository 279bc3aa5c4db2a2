import type { ReactNode } from "react";

type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>;
};

/**
 * Asks for the next page of an infinite query, only while there is one; busy while it loads, and a
 * second press does not restart a load under way.
 */
export function NextPageButton({
  pages,
  className,
  children,
}: {
  pages: Pages;
  className?: string;
  children: ReactNode;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className={className ? `button button-ghost ${className}` : "button button-ghost"}
      disabled={pages.isFetchingNextPage}
      aria-busy={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage({ cancelRefetch: false })}
    >
      {children}
    </button>
  );
}
