import type { AddressInfo } from "node:net";
import type { Config } from "../../src/server/config.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export type ListeningApp = TestApp & { url: string };

/** The whole app on a fresh database, listening on a free port for real WebSocket clients. */
export async function listeningTestApp(overrides: Partial<Config> = {}): Promise<ListeningApp> {
  const testApp = await createTestApp(overrides);
  await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = testApp.app.server.address() as AddressInfo;
  return { ...testApp, url: `http://127.0.0.1:${port}` };
}
