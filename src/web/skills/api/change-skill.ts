import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateSkillInput, Skill, UpdateSkillInput } from "../../../shared/skills.ts";
import { apiFetch } from "../../api/client.ts";
import { moderationQueryKey, searchQueryKey } from "../../api/query-keys.ts";
import { skillsKey } from "./skills-query.ts";

type SkillAnswer = { skill: Skill };

/** After a change: every list of skills, the moderation log and search results read again. */
function useSkillMutation<Variables>(mutationFn: (variables: Variables) => Promise<SkillAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all(
        [skillsKey, moderationQueryKey, searchQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** POST /api/skills: a new skill, last in the list (moderators). */
export function useAddSkill() {
  return useSkillMutation((body: CreateSkillInput) =>
    apiFetch<SkillAnswer>("/skills", { method: "POST", body }),
  );
}

/** PATCH /api/skills/:id: rename, synonyms, retire or offer again (moderators). */
export function useUpdateSkill() {
  return useSkillMutation(({ id, ...body }: UpdateSkillInput & { id: number }) =>
    apiFetch<SkillAnswer>(`/skills/${id}`, { method: "PATCH", body }),
  );
}
