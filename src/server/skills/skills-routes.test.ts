import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import { SKILL_OPTIONS } from "../../shared/constants.ts";
import { logResponseSchema } from "../../shared/moderation.ts";
import { type Skill, skillsResponseSchema } from "../../shared/skills.ts";
import { posts } from "../db/schema.ts";
import { liftedWriteLimits } from "../limits/write-limit-rules.ts";

const m = moderationFixture({ writeLimits: liftedWriteLimits() });
const { t } = m;

type Call = { method?: "GET" | "POST" | "PATCH" | "PUT"; url: string; payload?: object };

function call(user: TestUser | undefined, request: Call) {
  return t.app.inject({
    method: request.method ?? "GET",
    url: request.url,
    headers: user ? { cookie: user.cookie } : {},
    ...(request.payload ? { payload: request.payload } : {}),
  });
}

async function publicSkills(): Promise<Skill[]> {
  const res = await call(undefined, { url: "/api/skills" });
  expect(res.statusCode, res.body).toBe(200);
  return skillsResponseSchema.parse(res.json()).skills;
}

let names = 0;
/** A skill name no other test uses. */
const freshName = (base: string) => `${base} ${++names}`;

async function addSkill(moderator: TestUser, name: string, synonyms: string[] = []) {
  const res = await call(moderator, {
    method: "POST",
    url: "/api/skills",
    payload: { name, synonyms },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().skill as Skill;
}

async function newPost(author: TestUser, topic: string, title = `About ${topic}`) {
  const res = await call(author, {
    method: "POST",
    url: "/api/articles",
    payload: { title, topic, body: `${title}: ask me.` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().article.id as number;
}

async function skillIdOf(postId: number) {
  const [row] = await m
    .db()
    .select({ skillId: posts.skillId })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.skillId ?? null;
}

async function searchPosts(query: string): Promise<number[]> {
  const res = await call(undefined, { url: `/api/search/posts?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().articles.map((article: { id: number }) => article.id);
}

async function searchPeople(query: string): Promise<string[]> {
  const res = await call(undefined, { url: `/api/search/people?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().users.map((user: { username: string }) => user.username);
}

describe("GET /api/skills", () => {
  it("lists SPEC's seven skills in SPEC's order and words, each with synonyms, to anyone", async () => {
    const skills = await publicSkills();
    expect(skills.slice(0, 7).map((skill) => skill.name)).toEqual([...SKILL_OPTIONS]);
    for (const skill of skills.slice(0, 7)) expect(skill.synonyms.length).toBeGreaterThan(3);
    const plumber = skills.find((skill) => skill.name === "Plumber");
    expect(plumber?.synonyms).toEqual(
      expect.arrayContaining(["plumbing", "plumb", "pipes", "leak"]),
    );
  });

  it("shows retired skills to moderators only", async () => {
    const member = await m.member();
    expect((await call(undefined, { url: "/api/skills?include=retired" })).statusCode).toBe(401);
    expect((await call(member, { url: "/api/skills?include=retired" })).statusCode).toBe(403);
    const moderator = await m.moderator();
    const res = await call(moderator, { url: "/api/skills?include=retired" });
    expect(res.statusCode).toBe(200);
  });
});

describe("writes to the vocabulary", () => {
  it("are for moderators only, refused before the body is read", async () => {
    const member = await m.member();
    const body = { name: freshName("Carpenter") };
    const signedOut = await call(undefined, { method: "POST", url: "/api/skills", payload: body });
    expect(signedOut.statusCode).toBe(401);
    const asMember = await call(member, { method: "POST", url: "/api/skills", payload: body });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error.code).toBe("forbidden");
    const patch = await call(member, {
      method: "PATCH",
      url: "/api/skills/1",
      payload: { status: "retired" },
    });
    expect(patch.statusCode).toBe(403);
    expect((await publicSkills()).map((skill) => skill.name)).not.toContain(body.name);
  });

  it("add a skill last, with its synonyms trimmed and lower-cased, and log it", async () => {
    const moderator = await m.moderator();
    const name = freshName("Electrician");
    const skill = await addSkill(moderator, ` ${name} `, [" Electrics", "WIRING", "wiring", ""]);
    expect(skill).toEqual({
      id: expect.any(Number),
      name,
      synonyms: ["electrics", "wiring"],
      status: "active",
    });
    expect((await publicSkills()).at(-1)?.name).toBe(name);
    const log = logResponseSchema.parse((await m.call(moderator, { url: "/log" })).json());
    expect(log.entries[0]).toMatchObject({
      moderator: moderator.username,
      action: "add-skill",
      target: { type: "skill", id: name },
      reason: "synonyms: electrics, wiring",
    });
  });

  it("refuse a name or synonym another skill has, in any letter case, with 409 skill-taken", async () => {
    const moderator = await m.moderator();
    for (const payload of [
      { name: "plumber" },
      { name: freshName("Pipes"), synonyms: ["Plumbing"] },
      { name: freshName("X"), synonyms: ["personal chef"] },
    ]) {
      const res = await call(moderator, { method: "POST", url: "/api/skills", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
      expect(res.json().error.code).toBe("skill-taken");
    }
    const chef = (await publicSkills()).find((skill) => skill.name === "Personal Chef");
    const rename = await call(moderator, {
      method: "PATCH",
      url: `/api/skills/${chef?.id}`,
      payload: { name: "Tour Guide" },
    });
    expect(rename.statusCode).toBe(409);
  });

  it("let one of two moderators claim a word at the same moment, the other 409", async () => {
    const [one, two] = [await m.moderator(), await m.moderator()];
    const word = `thatching ${names}`;
    const answers = await Promise.all(
      [one, two].map((moderator, i) =>
        call(moderator, {
          method: "POST",
          url: "/api/skills",
          payload: { name: freshName(`Thatcher ${i}`), synonyms: [word] },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).toSorted()).toEqual([201, 409]);
    const holders = (await publicSkills()).filter((skill) => skill.synonyms.includes(word));
    expect(holders).toHaveLength(1);
  });

  it("answer bad input with 400 and an unknown skill with 404", async () => {
    const moderator = await m.moderator();
    const blank = await call(moderator, {
      method: "POST",
      url: "/api/skills",
      payload: { name: "  " },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.code).toBe("invalid-input");
    const long = await call(moderator, {
      method: "POST",
      url: "/api/skills",
      payload: { name: "x".repeat(41) },
    });
    expect(long.statusCode).toBe(400);
    const badStatus = await call(moderator, {
      method: "PATCH",
      url: "/api/skills/1",
      payload: { status: "gone" },
    });
    expect(badStatus.statusCode).toBe(400);
    const missing = await call(moderator, {
      method: "PATCH",
      url: "/api/skills/999999",
      payload: { status: "retired" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("not-found");
  });

  it("rename a skill: the old name becomes a synonym, profiles show the new name, posts keep matching", async () => {
    const moderator = await m.moderator();
    const old = freshName("Gardener");
    const skill = await addSkill(moderator, old, ["gardening"]);
    const member = await m.member();
    const saved = await call(member, {
      method: "PUT",
      url: `/api/users/${member.username}`,
      payload: { skills: [old] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const postId = await newPost(member, old.toLowerCase());
    const renamed = freshName("Garden care");
    const res = await call(moderator, {
      method: "PATCH",
      url: `/api/skills/${skill.id}`,
      payload: { name: renamed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().skill).toMatchObject({
      name: renamed,
      synonyms: ["gardening", old.toLowerCase()],
    });
    const page = await call(undefined, { url: `/api/users/username/${member.username}` });
    expect(page.json().user.skills).toEqual([renamed]);
    expect(await skillIdOf(postId)).toBe(skill.id);
    const log = logResponseSchema.parse((await m.call(moderator, { url: "/log" })).json());
    expect(log.entries[0]).toMatchObject({
      action: "rename-skill",
      target: { type: "skill", id: renamed },
      reason: `was ${old}`,
    });
  });

  it("retire a skill: no longer offered nor chosen anew, kept on the profiles that list it", async () => {
    const moderator = await m.moderator();
    const name = freshName("Roofer");
    const skill = await addSkill(moderator, name, [`roofing ${names}`]);
    const keeper = await m.member();
    await call(keeper, {
      method: "PUT",
      url: `/api/users/${keeper.username}`,
      payload: { skills: [name] },
    });
    const postId = await newPost(keeper, `roofing ${names}`);
    expect(await skillIdOf(postId)).toBe(skill.id);
    const res = await call(moderator, {
      method: "PATCH",
      url: `/api/skills/${skill.id}`,
      payload: { status: "retired" },
    });
    expect(res.json().skill.status).toBe("retired");
    expect((await publicSkills()).map((s) => s.name)).not.toContain(name);
    const all = skillsResponseSchema.parse(
      (await call(moderator, { url: "/api/skills?include=retired" })).json(),
    );
    expect(all.skills.find((s) => s.id === skill.id)?.status).toBe("retired");
    // A retired skill matches no topic any more.
    expect(await skillIdOf(postId)).toBeNull();
    // Its members keep it, saving their profile with it still listed.
    const kept = await call(keeper, {
      method: "PUT",
      url: `/api/users/${keeper.username}`,
      payload: { skills: [name, "Plumber"] },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().user.skills).toEqual([name, "Plumber"]);
    const other = await m.member();
    const refused = await call(other, {
      method: "PUT",
      url: `/api/users/${other.username}`,
      payload: { skills: [name] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: "unknown-skill",
      fields: { "skills.0": "Item 1 is not on the skill list" },
    });
    const log = logResponseSchema.parse((await m.call(moderator, { url: "/log" })).json());
    expect(log.entries[0]).toMatchObject({
      action: "retire-skill",
      target: { type: "skill", id: name },
    });
  });
});

describe("members choose from the skill list", () => {
  it("accept SPEC's seven and any active skill (spelled as the list does), refuse others by position", async () => {
    const moderator = await m.moderator();
    const name = freshName("Electrician");
    await addSkill(moderator, name);
    const member = await m.member();
    const url = `/api/users/${member.username}`;
    const seven = await call(member, {
      method: "PUT",
      url,
      payload: { skills: [...SKILL_OPTIONS] },
    });
    expect(seven.statusCode, seven.body).toBe(200);
    const picked = await call(member, {
      method: "PUT",
      url,
      payload: { skills: [name.toLowerCase()], interests: ["Plumber"] },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().user).toMatchObject({ skills: [name], interests: ["Plumber"] });
    const unknown = await call(member, {
      method: "PUT",
      url,
      payload: { interests: ["Plumber", "Astronaut"] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: "unknown-skill",
      fields: { "interests.1": expect.any(String) },
    });
  });

  it("on the create-profile form too", async () => {
    const moderator = await m.moderator();
    const name = freshName("Welder");
    await addSkill(moderator, name);
    const fresh = await m.member({ withProfile: false });
    const bad = await call(fresh, {
      method: "POST",
      url: "/api/users",
      payload: { username: `w${names}_bad`, skills: ["Astronaut"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("unknown-skill");
    const res = await call(fresh, {
      method: "POST",
      url: "/api/users",
      payload: { username: `welder_${names}`, skills: [name, "Plumber"] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.skills).toEqual([name, "Plumber"]);
  });
});

describe("matching through skills and synonyms", () => {
  it("a post carries the skill its topic names, on create and edit, and any topic is still accepted", async () => {
    const member = await m.member();
    const skills = await publicSkills();
    const plumber = skills.find((skill) => skill.name === "Plumber");
    const chef = skills.find((skill) => skill.name === "Personal Chef");
    const postId = await newPost(member, "Plumbing");
    expect(await skillIdOf(postId)).toBe(plumber?.id);
    expect(await skillIdOf(await newPost(member, "  PLUMBER "))).toBe(plumber?.id);
    const free = await newPost(member, "Knitting circle");
    expect(await skillIdOf(free)).toBeNull();
    const edit = await call(member, {
      method: "PATCH",
      url: `/api/articles/${postId}`,
      payload: { topic: "Cooking" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().article.topic).toBe("Cooking");
    expect(await skillIdOf(postId)).toBe(chef?.id);
  });

  it("the Plumber chip finds the plumbing posts and the plumbers; a synonym or a word finds them too", async () => {
    const plumber = await m.member({ skills: ["Plumber"] });
    const chef = await m.member({ skills: ["Personal Chef"] });
    const leak = await newPost(chef, "Leak", "Dripping kitchen tap");
    const pipes = await newPost(chef, "plumbing", "Burst pipe under the sink");
    const other = await newPost(chef, "Cooking", "Sunday roast for six");
    for (const skill of ["Plumber", "plumber", "plumbing"]) {
      const found = await searchPosts(`skill=${skill}`);
      expect(found, skill).toEqual(expect.arrayContaining([leak, pipes]));
      expect(found, skill).not.toContain(other);
      const people = await searchPeople(`skill=${skill}`);
      expect(people, skill).toContain(plumber.username);
      expect(people, skill).not.toContain(chef.username);
    }
    // A search's words: "leak" names Plumber, so every plumbing post and plumber matches.
    expect(await searchPosts("q=leak")).toEqual(expect.arrayContaining([leak, pipes]));
    expect(await searchPeople("q=plumbing")).toContain(plumber.username);
    expect(await searchPosts("skill=Astronaut")).toEqual([]);
  });

  it("a skill added later matches the posts already written with its words", async () => {
    const moderator = await m.moderator();
    const author = await m.member();
    const word = `wiring${names + 100}`;
    const postId = await newPost(author, word);
    expect(await skillIdOf(postId)).toBeNull();
    const name = freshName("Electrician");
    const skill = await addSkill(
      moderator,
      name,
      ["electrics", word].map((w) => (w === "electrics" ? `electrics${names}` : w)),
    );
    expect(await skillIdOf(postId)).toBe(skill.id);
    expect(await searchPosts(`skill=${encodeURIComponent(name)}`)).toEqual([postId]);
    // Taking the word away un-matches the post.
    await call(moderator, {
      method: "PATCH",
      url: `/api/skills/${skill.id}`,
      payload: { synonyms: [] },
    });
    expect(await skillIdOf(postId)).toBeNull();
  });
});
