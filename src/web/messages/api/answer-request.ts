import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import { conversationKeys, conversationPath } from "./conversation-keys.ts";

/** Accept or decline a conversation another member started (POST .../accept, .../decline). */
export function useAnswerRequest(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: "accept" | "decline") =>
      apiFetch<void>(`${conversationPath(username)}/${answer}`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
