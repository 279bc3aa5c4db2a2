import { afterAll, beforeAll } from "vitest";
import type { PushConfig } from "../../src/server/config.ts";
import { startTestPushService, type TestPushService } from "./push-service.ts";

/** The push settings of a test app that sends to the test push service on this machine. */
export const TEST_PUSH_CONFIG: PushConfig = {
  vapidKeys: undefined,
  subject: "mailto:ops@talents.example",
  allowPrivateEndpoints: true,
};

/** A test push service started before a test file's tests and stopped after them. */
export function testPushServicePerFile(): { readonly service: TestPushService } {
  let service: TestPushService | undefined;
  beforeAll(async () => {
    service = await startTestPushService();
  });
  afterAll(() => service?.stop());
  return {
    get service() {
      if (!service) throw new Error("the test push service starts in beforeAll");
      return service;
    },
  };
}
