// What other features use of the skill vocabulary (issue 33): the list members choose from, the
// topic suggestions. The moderators' page is reached through routes.tsx.
export { useSkills } from "./api/skills-query.ts";
export { SkillSuggestions } from "./skill-suggestions.tsx";
