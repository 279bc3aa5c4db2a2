// The query cache's keys of push (issue 31). A change to the devices reads again both the list and
// this browser's own subscription (a key under the list's).
export const pushKeys = {
  key: ["push", "key"] as const,
  devices: ["push", "devices"] as const,
  /** The endpoint of this browser's subscription: the browser's answer, not the API's. */
  thisDevice: ["push", "devices", "this-browser"] as const,
};
