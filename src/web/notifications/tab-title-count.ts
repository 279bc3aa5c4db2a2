const COUNT_PREFIX = /^\(\d+\) /;

/** `title` with `count` in front ("(2) Chat · Your Local Talents"), or without when 0. */
export const titleWithCount = (title: string, count: number) => {
  const bare = title.replace(COUNT_PREFIX, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
};

/**
 * Keeps `count` in front of the tab's title while it runs, whatever page sets the title: each page
 * renders its own <title>, so the count is put back whenever the head changes rather than each page
 * learning about notifications. Returns the function that stops and takes the count away.
 */
export function showCountInTitle(count: number): () => void {
  const apply = () => {
    const wanted = titleWithCount(document.title, count);
    if (document.title !== wanted) document.title = wanted;
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(document.head, { subtree: true, childList: true, characterData: true });
  return () => {
    observer.disconnect();
    document.title = titleWithCount(document.title, 0);
  };
}
