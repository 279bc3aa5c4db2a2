import type { TownCount } from "../../shared/town-map.ts";

/** Which groups of results the map counts: the page shows posts, people or both. */
export type CountedGroups = { posts: boolean; people: boolean };

/** A town's marker count: the results the page shows there. */
export function countIn(town: TownCount, groups: CountedGroups): number {
  return (groups.posts ? town.posts : 0) + (groups.people ? town.people : 0);
}

/** "2 posts, 1 person": what the page shows in a town. */
export function countText(town: TownCount, groups: CountedGroups): string {
  const parts: string[] = [];
  if (groups.posts && town.posts > 0)
    parts.push(`${town.posts} ${town.posts === 1 ? "post" : "posts"}`);
  if (groups.people && town.people > 0) {
    parts.push(`${town.people} ${town.people === 1 ? "person" : "people"}`);
  }
  return parts.join(", ");
}
