import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiAnswer, type ApiHandler, apiError } from "../../../test/harness/web/fake-api.ts";
import { stubPushBrowser, subscriptionJsonOf } from "../../../test/harness/web/push-browser.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { PushDevice } from "../../shared/push.ts";
import { PushDevices } from "./push-devices.tsx";
import { pushTexts } from "./push-texts.ts";

/** The VAPID public key's bytes (a P-256 point is 65), and as the server sends it. */
const keyBytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 7 + 4) % 256);
const publicKey = Buffer.from(keyBytes).toString("base64url");

const phone: PushDevice = {
  id: 3,
  endpoint: "https://push.example.test/phone",
  label: "Chrome on Android",
  created_at: "2026-11-20T09:00:00.000Z",
};

/** The server's push API: it keeps the devices, or refuses a new one with `refusal`. */
function openDevices(initial: PushDevice[], refusal?: ApiAnswer) {
  let devices = initial;
  const answer: ApiHandler = (request) => {
    if (request.path === "/push/key") return { status: 200, body: { publicKey } };
    if (request.method === "GET") return { status: 200, body: { devices } };
    if (request.method === "POST") {
      if (refusal) return refusal;
      const { endpoint = "" } = request.body as PushSubscriptionJSON;
      const device = { id: 9, endpoint, label: "Firefox on Linux", created_at: phone.created_at };
      devices = [device, ...devices];
      return { status: 201, body: { device } };
    }
    devices = devices.filter((device) => request.path !== `/push/subscriptions/${device.id}`);
    return { status: 204 };
  };
  const { requests } = renderWithApi(<PushDevices />, answer);
  return { changes: () => requests.filter((request) => request.method !== "GET") };
}

const devicesList = () => screen.findByRole("list", { name: "Devices" });
const turnOnButton = () =>
  screen.findByRole("button", { name: "Turn on notifications on this device" });

describe("push on the member's devices", () => {
  it("asks for permission only on the click, subscribes with the server's key, and lists the device as this one", async () => {
    const browser = stubPushBrowser();
    const { changes } = openDevices([phone]);
    await userEvent.click(await turnOnButton());
    expect(browser.permissionRequests).toBe(1);
    expect(await screen.findByText(pushTexts.on)).toBeTruthy();
    expect(browser.subscribeOptions).toEqual([
      { userVisibleOnly: true, applicationServerKey: keyBytes },
    ]);
    expect(changes()).toEqual([
      {
        method: "POST",
        path: "/push/subscriptions",
        body: subscriptionJsonOf("https://push.example.test/device-1"),
      },
    ]);
    const items = within(await devicesList()).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Firefox on LinuxThis deviceadded /),
      expect.stringMatching(/^Chrome on Androidadded /),
    ]);
    expect(screen.queryByRole("button", { name: "Turn on notifications on this device" })).toBe(
      null,
    );
  });

  it("asks nothing before the click", async () => {
    const browser = stubPushBrowser();
    openDevices([]);
    await turnOnButton();
    expect(screen.getByText(/not on for any of your devices/)).toBeTruthy();
    expect(browser.permissionRequests).toBe(0);
  });

  it("says where to allow notifications when the browser blocks them, and subscribes nothing", async () => {
    const browser = stubPushBrowser({ permission: "denied" });
    const { changes } = openDevices([]);
    await userEvent.click(await turnOnButton());
    expect((await screen.findByRole("alert")).textContent).toBe(pushTexts.blocked);
    expect(browser.subscribeOptions).toEqual([]);
    expect(changes()).toEqual([]);
  });

  it("says to try again when the browser's question was closed unanswered", async () => {
    const browser = stubPushBrowser({ permission: "default" });
    openDevices([]);
    await userEvent.click(await turnOnButton());
    expect((await screen.findByRole("alert")).textContent).toBe(pushTexts.dismissed);
    expect(browser.subscribeOptions).toEqual([]);
  });

  it("says to reload, not waits forever, when the app's service worker is not there", async () => {
    const browser = stubPushBrowser({ registered: false });
    const { changes } = openDevices([]);
    await userEvent.click(await turnOnButton());
    expect((await screen.findByRole("alert")).textContent).toMatch(/Reload the page/);
    expect(browser.subscribeOptions).toEqual([]);
    expect(changes()).toEqual([]);
  });

  it("shows the server's refusal as it is and drops the browser's new subscription", async () => {
    const browser = stubPushBrowser();
    openDevices([], apiError(400, "invalid-input", "The push service's address must be https."));
    await userEvent.click(await turnOnButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The push service's address must be https.",
    );
    expect(browser.subscription).toBe(null);
    expect(screen.queryByText(pushTexts.on)).toBe(null);
  });

  it("says a browser without push cannot show notifications, and how an iPhone can", async () => {
    openDevices([phone]);
    expect(await screen.findByText(pushTexts.unsupported)).toBeTruthy();
    expect(screen.getByText(/add this site to the home screen first/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Turn on notifications on this device" })).toBe(
      null,
    );
    // The member's other devices can still be removed from here.
    expect(within(await devicesList()).getByRole("button", { name: "Remove Chrome on Android" }));
  });

  it("removes a device: DELETE, and the list without it", async () => {
    stubPushBrowser();
    const tablet = {
      ...phone,
      id: 4,
      endpoint: "https://push.example.test/tablet",
      label: "Safari on iPad",
    };
    const { changes } = openDevices([tablet, phone]);
    await userEvent.click(
      within(await devicesList()).getByRole("button", { name: "Remove Chrome on Android" }),
    );
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Remove Chrome on Android" })).toBe(null),
    );
    expect(within(await devicesList()).getAllByRole("listitem")).toHaveLength(1);
    expect(changes()).toEqual([
      { method: "DELETE", path: "/push/subscriptions/3", body: undefined },
    ]);
  });

  it("turns this device off: DELETE of its device and the browser's subscription dropped", async () => {
    const browser = stubPushBrowser({ subscribedTo: phone.endpoint });
    const { changes } = openDevices([phone]);
    expect(await screen.findByText(pushTexts.on)).toBeTruthy();
    expect(within(await devicesList()).getByText("This device")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Turn off on this device" }));
    expect(await turnOnButton()).toBeTruthy();
    expect(browser.subscription).toBe(null);
    expect(changes()).toEqual([
      { method: "DELETE", path: "/push/subscriptions/3", body: undefined },
    ]);
    expect(screen.getByText(/not on for any of your devices/)).toBeTruthy();
  });
});
