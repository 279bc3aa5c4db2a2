import type { QueryClient } from "@tanstack/react-query";
import type { Review } from "../../../shared/reviews.ts";
import { reviewsQueryKey } from "../../api/query-keys.ts";

/** Changes the cached list of reviews about `subject`, when it is cached. */
export function updateCachedReviews(
  queryClient: QueryClient,
  subject: string,
  change: (reviews: Review[]) => Review[],
): void {
  queryClient.setQueryData<Review[]>(reviewsQueryKey(subject), (old) => old && change(old));
}
