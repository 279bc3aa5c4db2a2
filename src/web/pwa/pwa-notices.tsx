import { InstallSuggestion } from "./install-suggestion.tsx";
import { OfflineBanner } from "./offline-banner.tsx";
import { install, type PwaState } from "./pwa-state.ts";
import { UpdatePrompt } from "./update-prompt.tsx";
import "./pwa.css";

/** The strips under the top bar: offline, a new version waiting, installing the app. */
export function PwaNotices({ state }: { state: PwaState }) {
  return (
    <>
      <OfflineBanner online={state.online} since={state.shownFromCacheSince} />
      {state.applyUpdate && <UpdatePrompt applyUpdate={state.applyUpdate} />}
      {state.installOffer && state.contributed && <InstallSuggestion install={install} />}
    </>
  );
}
