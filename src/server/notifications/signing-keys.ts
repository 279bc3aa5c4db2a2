import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { signingKeys } from "../db/tables/notifications.ts";

const randomSecret = () => randomBytes(32).toString("base64url");

/**
 * The secret named `name`, made by `make` (32 random bytes) the first time any instance asks and
 * the same for all of them after (the first insert wins); read once per process.
 */
export function signingKey(
  db: Db,
  name: string,
  make: () => string = randomSecret,
): () => Promise<string> {
  let key: Promise<string> | undefined;
  const load = async () => {
    await db.insert(signingKeys).values({ name, secret: make() }).onConflictDoNothing();
    const [row] = await db.select().from(signingKeys).where(eq(signingKeys.name, name));
    if (!row) throw new Error(`signing key ${name} is not there`);
    return row.secret;
  };
  return () => {
    key ??= load().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}
