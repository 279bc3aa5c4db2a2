import { getTableColumns } from "drizzle-orm";
import { profiles } from "./schema.ts";

// The search document (a generated tsvector) is the largest column and no answer needs it: every
// read of a whole profile takes these columns instead of the table.
const { searchVector: _searchVector, ...columns } = getTableColumns(profiles);

/** Every column of `profiles` but `search_vector`. */
export const profileColumns = columns;

/** A profile as the app reads it (profileColumns). */
export type ProfileRow = Omit<typeof profiles.$inferSelect, "searchVector">;
