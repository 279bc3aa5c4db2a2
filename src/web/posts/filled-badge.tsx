/**
 * "Filled" (issue 19): its author marked the post done. On cards, search results and the post
 * page, beside the type's badge; the post stays readable.
 */
export function FilledBadge() {
  return <span className="filled-badge">Filled</span>;
}
