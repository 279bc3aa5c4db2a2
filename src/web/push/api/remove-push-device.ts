import { apiFetch } from "../../api/client.ts";

/** DELETE /api/push/subscriptions/:id: the server stops pushing to that device. */
export const removePushDevice = (id: number) =>
  apiFetch<null>(`/push/subscriptions/${id}`, { method: "DELETE" });
