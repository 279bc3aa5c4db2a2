import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ModeratedItem } from "../../shared/moderation.ts";
import { formatWhen, ITEM_TYPE_LABELS, suspensionText } from "./moderation-texts.ts";

type Props = {
  item: ModeratedItem;
  /** The id of the line that names the item (its kind and author): the article's name. */
  labelId: string;
  children?: ReactNode;
};

/**
 * A reported or hidden item in context: its kind, author (and whether they are suspended), title,
 * what came before it (a direct message's conversation), its text, where it lives, then what the caller adds (reports, actions).
 */
export function ItemSummary({ item, labelId, children }: Props) {
  const suspension = suspensionText(item.author);
  return (
    <article className="card moderation-item" aria-labelledby={labelId}>
      <p id={labelId} className="moderation-item-kind">
        <span className="badge">{ITEM_TYPE_LABELS[item.target.type]}</span> by{" "}
        <Link to={`/user/${encodeURIComponent(item.author.username)}`}>{item.author.username}</Link>
        {item.hidden && <span className="badge moderation-badge-hidden">Hidden</span>}
      </p>
      {suspension && <p className="moderation-suspended">{suspension}</p>}
      {item.title && <h3>{item.title}</h3>}
      {item.context && item.context.length > 0 && (
        <ol className="moderation-context" aria-label="Earlier in the conversation">
          {item.context.map((line, index) => (
            // Lines carry no id; their order is fixed (oldest first).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              <strong>{line.sender}:</strong> {line.text}
            </li>
          ))}
        </ol>
      )}
      {item.text && <p className="moderation-item-text">{item.text}</p>}
      <p className="muted moderation-item-where">
        Written <time dateTime={item.created_at}>{formatWhen(item.created_at)}</time> ·{" "}
        <Link to={item.path}>See it in place</Link>
      </p>
      {children}
    </article>
  );
}
