import { useMutation, useQueryClient } from "@tanstack/react-query";
import { moderationQueryKey, refetchContent } from "../../api/query-keys.ts";

/**
 * A moderator's action: once it is done (or refused: the queue may have moved on) the queue, the
 * count, the hidden list and the log are refetched, and so is the content, which shows hidden
 * items marked to moderators.
 */
export function useModerationMutation<Variables, Data>(
  mutationFn: (variables: Variables) => Promise<Data>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationQueryKey }),
        refetchContent(queryClient),
      ]),
  });
}
