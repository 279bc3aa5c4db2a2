import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";

/** `from` writes `to` a direct message through the API, as the conversation page does. */
export async function sendMessage(
  from: APIRequestContext,
  to: string,
  text = "Hello, are you free?",
): Promise<void> {
  const sent = await from.post(`/api/conversations/with/${to}/messages`, {
    data: { text, clientId: randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}
