import { lazy, Suspense } from "react";
import { type PwaState, usePwaState } from "./pwa-state.ts";

const PwaNotices = lazy(() =>
  import("./pwa-notices.tsx").then(({ PwaNotices }) => ({ default: PwaNotices })),
);

const hasNotice = (state: PwaState) =>
  !state.online ||
  state.shownFromCacheSince !== null ||
  state.applyUpdate !== null ||
  (state.installOffer !== null && state.contributed);

/** Where the app's offline, update and install notices go; their code loads with the first one. */
export function PwaNoticesSlot() {
  const state = usePwaState();
  if (!hasNotice(state)) return null;
  return (
    <Suspense fallback={null}>
      <PwaNotices state={state} />
    </Suspense>
  );
}
