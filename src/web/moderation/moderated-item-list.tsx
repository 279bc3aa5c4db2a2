import { Fragment, type ReactNode } from "react";

/** A section's moderated items, each keyed by its target, or `empty` when there are none. */
export function ModeratedItemList<T extends { target: { type: string; id: string } }>({
  items,
  empty,
  children,
}: {
  items: readonly T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <div className="moderation-items">
      {items.map((item) => (
        <Fragment key={`${item.target.type}:${item.target.id}`}>{children(item)}</Fragment>
      ))}
    </div>
  );
}
