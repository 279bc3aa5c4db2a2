/**
 * Who may see what (decision 018): one policy with a JS face (the live hub, routes deciding on one
 * item) and a SQL face (the builders every read query filters with, prepared or not), and the
 * one write of hidden_at, which each owner of hideable items calls for moderation.
 */
export { type Hider, type HidingSelection, hiderOf, profileIdOfAccount } from "./hiding.ts";
export {
  blockedAuthor,
  type ItemFacts,
  maySee,
  maySeeHidden,
  maySeeProfile,
  type Reader,
  type ReaderKind,
  readerKind,
  readerOf,
  viewerAccount,
} from "./visibility-rules.ts";
export {
  boundReader,
  notAmongSql,
  notBlockedSql,
  notWithheldSql,
  publicSql,
  readerPlaceholders,
  type SqlAuthor,
  type SqlItem,
  type SqlReader,
  visibleToSql,
} from "./visibility-sql.ts";
