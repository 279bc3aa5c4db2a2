import { Fragment } from "react";
import type { HighlightedText as Segments } from "../../shared/search.ts";

/** Text as search answers it: the matched words in <mark>, everything as text, never as HTML. */
export function HighlightedText({ segments }: { segments: Segments }) {
  return segments.map((segment, index) =>
    segment.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the segments never move
      <mark key={index}>{segment.text}</mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the segments never move
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
