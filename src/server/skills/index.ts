/**
 * What others use of the skill vocabulary (issue 33, decision 031): app.ts registers its routes;
 * profiles checks members' choices against it; search matches chips and words through it.
 */
export { checkSkillChoices } from "./skill-choices.ts";
export {
  skillIdNamedBySql,
  skillIdsNamedByWordsSql,
  skillNameNamedBySql,
  skillNamesNamedByWordsSql,
} from "./skill-terms.ts";
export { skillsRoutes } from "./skills-routes.ts";
