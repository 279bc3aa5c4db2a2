import type { ConnectionState } from "./chat-state.ts";

const LABELS: Record<ConnectionState, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  limited: "Too many chat connections from your network. Trying again in a minute…",
};

/** Where the live connection stands, announced politely when it changes. */
export function ConnectionStatus({ state }: { state: ConnectionState }) {
  return (
    <p className={`chat-status chat-status-${state}`} role="status">
      <span className="chat-status-dot" aria-hidden="true" />
      {LABELS[state]}
    </p>
  );
}
