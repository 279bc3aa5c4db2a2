import { describe, expect, it } from "vitest";
import { SKILL_OPTIONS } from "./constants.ts";
import { skillListSchema, updateProfileBodySchema } from "./profiles.ts";

describe("skillListSchema", () => {
  it("accepts any of the seven options, and none", () => {
    expect(skillListSchema.parse([...SKILL_OPTIONS])).toEqual([...SKILL_OPTIONS]);
    expect(skillListSchema.parse([])).toEqual([]);
  });

  it("names a value outside the options, at its position", () => {
    const result = skillListSchema.safeParse(["Plumber", "Astronaut"]);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      { path: [1], message: expect.stringContaining("Item 2 is not one of the options") },
    ]);
  });

  it("is case-sensitive and refuses duplicates", () => {
    expect(skillListSchema.safeParse(["plumber"]).success).toBe(false);
    const twice = skillListSchema.safeParse(["Plumber", "Plumber"]);
    expect(twice.error?.issues).toMatchObject([{ path: [1], message: "Item 2 is listed twice" }]);
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
