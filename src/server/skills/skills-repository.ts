import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { SkillLogAction } from "../../shared/moderation.ts";
import type { SkillStatus } from "../../shared/skills.ts";
import type { Db } from "../db/database.ts";
import { takeLock } from "../db/locks.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { skills } from "../db/tables/skills.ts";
import { announce } from "../events/index.ts";
import { textArray } from "./text-array.ts";

export type SkillRow = { id: number; name: string; synonyms: string[]; status: SkillStatus };

const skillColumns = {
  id: skills.id,
  name: skills.name,
  synonyms: skills.synonyms,
  status: sql<SkillStatus>`${skills.status}`,
};

/** The skills in their order: the active ones, or every one. */
export async function listSkills(db: Db, options: { retired: boolean }): Promise<SkillRow[]> {
  return db
    .select(skillColumns)
    .from(skills)
    .where(options.retired ? undefined : eq(skills.status, "active"))
    .orderBy(asc(skills.position), asc(skills.id));
}

/** Why a change to the vocabulary was refused. */
export type SkillRefusal = "skill-taken" | "no-such-skill";

export type SkillChange = {
  moderatorUserId: string;
  name?: string | undefined;
  synonyms?: string[] | undefined;
  status?: SkillStatus | undefined;
};

/**
 * Whether a skill other than `exceptId` has `name` or one of `synonyms` as its name or synonym (any
 * letter case): a word means one skill. Called under the vocabulary's lock.
 */
async function wordsTaken(tx: Db, words: string[], exceptId: number | null): Promise<boolean> {
  const lowered = words.map((word) => word.toLowerCase());
  const [row] = await tx
    .select({ id: skills.id })
    .from(skills)
    .where(
      and(
        exceptId === null ? undefined : ne(skills.id, exceptId),
        sql`(lower(${skills.name}) = any(${textArray(lowered)}) or ${skills.synonyms} && ${textArray(lowered)})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** In `tx`: a new active skill, last in the list; the log hears of it (skill.changed). */
export async function addSkill(
  tx: Db,
  change: SkillChange & { name: string; synonyms: string[] },
): Promise<WriteResult<SkillRow, SkillRefusal>> {
  await takeLock(tx, "skillVocabulary");
  const synonyms = change.synonyms.filter((word) => word !== change.name.toLowerCase());
  if (await wordsTaken(tx, [change.name, ...synonyms], null)) {
    return { ok: false, reason: "skill-taken" };
  }
  const [row] = await tx
    .insert(skills)
    .values({
      name: change.name,
      synonyms,
      position: sql`(select coalesce(max(${skills.position}), 0) + 1 from ${skills})`,
    })
    .returning(skillColumns);
  if (!row) throw new Error("insert into skills returned no row");
  await logChange(tx, change.moderatorUserId, row, "add-skill", synonymsText(row.synonyms));
  return { ok: true, value: row };
}

/**
 * In `tx`: renames (the old name joins the synonyms), replaces the synonyms, retires or offers
 * again the skill `id`; each change is one log line. The database matches posts again and renames
 * the skill on profiles (migration 0015's trigger).
 */
export async function updateSkill(
  tx: Db,
  id: number,
  change: SkillChange,
): Promise<WriteResult<SkillRow, SkillRefusal>> {
  await takeLock(tx, "skillVocabulary");
  const [before] = await tx.select(skillColumns).from(skills).where(eq(skills.id, id));
  if (!before) return { ok: false, reason: "no-such-skill" };
  const name = change.name ?? before.name;
  const renamed = name !== before.name;
  const wanted = change.synonyms ?? before.synonyms;
  const synonyms = [
    ...new Set([...wanted, ...(renamed ? [before.name.toLowerCase()] : [])]),
  ].filter((word) => word !== name.toLowerCase());
  if (await wordsTaken(tx, [name, ...synonyms], id)) return { ok: false, reason: "skill-taken" };
  const status = change.status ?? before.status;
  const [after] = await tx
    .update(skills)
    .set({ name, synonyms, status })
    .where(eq(skills.id, id))
    .returning(skillColumns);
  if (!after) throw new Error("update of skills returned no row");
  const log = (action: SkillLogAction, detail: string) =>
    logChange(tx, change.moderatorUserId, after, action, detail);
  if (renamed) await log("rename-skill", `was ${before.name}`);
  if (change.synonyms && !sameWords(before.synonyms, after.synonyms)) {
    await log("edit-skill-synonyms", synonymsText(after.synonyms));
  }
  if (status !== before.status)
    await log(status === "retired" ? "retire-skill" : "restore-skill", "");
  return { ok: true, value: after };
}

const synonymsText = (synonyms: string[]) =>
  synonyms.length > 0 ? `synonyms: ${synonyms.join(", ")}` : "no synonyms";

const sameWords = (a: string[], b: string[]) =>
  a.length === b.length && a.every((word) => b.includes(word));

function logChange(
  tx: Db,
  moderatorUserId: string,
  skill: SkillRow,
  action: SkillLogAction,
  detail: string,
): Promise<void> {
  return announce(tx, {
    type: "skill.changed",
    skillId: skill.id,
    moderatorUserId,
    action,
    name: skill.name,
    detail: detail.slice(0, 2000),
  });
}
