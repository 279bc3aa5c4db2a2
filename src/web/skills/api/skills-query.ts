import { queryOptions, useQuery } from "@tanstack/react-query";
import { SKILL_OPTIONS } from "../../../shared/constants.ts";
import type { Skill, SkillsResponse } from "../../../shared/skills.ts";
import { apiFetch } from "../../api/client.ts";

/** Every cached list of skills: the public one and the moderators' (with retired ones). */
export const skillsKey = ["skills"] as const;

/** SPEC's seven, shown while the list loads (they are the seeded list): no empty chips row. */
const SEEDED: Skill[] = SKILL_OPTIONS.map((name, index) => ({
  id: -(index + 1),
  name,
  synonyms: [],
  status: "active",
}));

const activeSkills = queryOptions({
  queryKey: [...skillsKey, "active"],
  queryFn: ({ signal }) => apiFetch<SkillsResponse>("/skills", { signal }),
  staleTime: 5 * 60_000,
  select: (data) => data.skills,
});

/** The skills members choose from, in order, with their synonyms (GET /api/skills). */
export function useSkills(): { skills: Skill[]; loaded: boolean } {
  const query = useQuery(activeSkills);
  return { skills: query.data ?? SEEDED, loaded: query.isSuccess };
}

/** Every skill, retired ones too (GET /api/skills?include=retired): moderators only. */
export function useAllSkills() {
  return useQuery({
    queryKey: [...skillsKey, "all"],
    queryFn: ({ signal }) => apiFetch<SkillsResponse>("/skills?include=retired", { signal }),
    select: (data) => data.skills,
  });
}
