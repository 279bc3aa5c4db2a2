/**
 * The items of every loaded page in order, each once, the first time it comes: a page fetched
 * after an item was added on top (or after the list changed) may bring an item again.
 */
export function uniqueItems<Page, Item extends { id: number }>(
  pages: readonly Page[] | undefined,
  itemsOf: (page: Page) => readonly Item[],
): Item[] {
  const seen = new Set<number>();
  return (pages ?? [])
    .flatMap(itemsOf)
    .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}
