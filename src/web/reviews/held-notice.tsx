const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * What the author of a held review (a new account's, issue 32) reads on it: when others will see
 * it. Nobody else is ever given a held review.
 */
export function HeldNotice({ visibleFrom }: { visibleFrom: string }) {
  return (
    <p className="held-notice">
      Visible from <time dateTime={visibleFrom}>{dateFormat.format(new Date(visibleFrom))}</time>.
      Only you can see it until then: reviews from new accounts wait a little.
    </p>
  );
}
