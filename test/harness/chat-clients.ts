import { afterEach } from "vitest";
import { type ChatTestClient, type ConnectOptions, connectChat } from "./chat-test-client.ts";

/**
 * The chat clients of a test file, all closed after each test: `connect` opens one, `join` also
 * waits for its first frame (the snapshot, or what a resuming client missed).
 */
export function chatClientsClosedAfterEach() {
  const clients: ChatTestClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  const connect = async (url: string, options: ConnectOptions = {}) => {
    const client = await connectChat(url, options);
    clients.push(client);
    return client;
  };
  const join = async (url: string, options: ConnectOptions = {}) => {
    const client = await connect(url, options);
    await client.waitFor((frame) => frame.type === "snapshot" || frame.type === "resume");
    return client;
  };
  return { connect, join };
}
