import { describe, expect, it } from "vitest";
import { SKILL_OPTIONS } from "./constants.ts";
import { skillListSchema, updateProfileBodySchema } from "./profiles.ts";

describe("skillListSchema", () => {
  it("accepts any of the seven options, and none", () => {
    expect(skillListSchema.parse([...SKILL_OPTIONS])).toEqual([...SKILL_OPTIONS]);
    expect(skillListSchema.parse([])).toEqual([]);
  });

  it("leaves which names are skills to the server (the skills table), and bounds the list", () => {
    expect(skillListSchema.parse(["Electrician", " Plumber "])).toEqual(["Electrician", "Plumber"]);
    const long = skillListSchema.safeParse(Array.from({ length: 21 }, (_, i) => `Skill ${i}`));
    expect(long.error?.issues).toMatchObject([{ message: "Choose at most 20 options" }]);
  });

  it("refuses blanks and duplicates in any letter case, naming the position", () => {
    const twice = skillListSchema.safeParse(["Plumber", "plumber", ""]);
    expect(twice.error?.issues).toMatchObject([
      { path: [1], message: "Item 2 is listed twice" },
      { path: [2], message: "Item 3 is empty" },
    ]);
  });
});

describe("updateProfileBodySchema", () => {
  it("limits the bio to 1,000 characters", () => {
    expect(updateProfileBodySchema.safeParse({ bio: "a".repeat(1000) }).success).toBe(true);
    expect(updateProfileBodySchema.safeParse({ bio: "a".repeat(1001) }).success).toBe(false);
  });

  it("lets every field be left out", () => {
    expect(updateProfileBodySchema.parse({})).toEqual({});
  });
});
