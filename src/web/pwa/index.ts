// The installable, offline app (issue 31): what the rest of the web app uses of it. The service
// worker itself is src/web/sw.ts (decision 027).
export { SERVED_FROM_CACHE_HEADER } from "./cache-names.ts";
export { forgetOfflineReads } from "./forget-offline-reads.ts";
export { InstallAppSection } from "./install-app-section.tsx";
export { PwaNoticesSlot } from "./pwa-notices-slot.tsx";
export { isOffline, noteReadAnswer, noteWriteDone, watchPwaEvents } from "./pwa-state.ts";
