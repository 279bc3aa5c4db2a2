import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";

type Props<T> = {
  title: string;
  query: Pick<UseQueryResult<T>, "isPending" | "isError" | "error" | "data" | "refetch">;
  /** What failed to load, in "We couldn't load {what}". */
  what: string;
  children: (data: T) => ReactNode;
};

/** One part of /moderation: a region named by its heading, with its read's loading and failure. */
export function ModerationSection<T>({ title, query, what, children }: Props<T>) {
  const headingId = useId();
  let content: ReactNode;
  if (query.isPending) content = <p className="muted">Loading...</p>;
  else if (query.isError) {
    content = (
      <>
        <p className="error-text">
          We couldn't load {what}: {query.error?.message}
        </p>
        <button type="button" className="button button-ghost" onClick={() => query.refetch()}>
          Try again
        </button>
      </>
    );
  } else content = children(query.data as T);
  return (
    <section className="moderation-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {content}
    </section>
  );
}
