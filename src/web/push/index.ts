// Web Push (issue 31): the member's devices in /settings, and the device's push dropped at sign-out.
export { dropPushAtSignOut } from "./drop-push-at-sign-out.ts";
export { PushDevices } from "./push-devices.tsx";
