import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { TOPIC_LABELS } from "../../shared/notifications.ts";
import { CardPage } from "../ui/card-page.tsx";
import { useMailSwitch } from "./api/unsubscribe.ts";

/**
 * /unsubscribe?token=: where a notification mail's "turn it off" link leads. Opening it turns that
 * kind of mail off (no sign-in: the token says whose and which), says what was turned off, and
 * offers to undo it.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const turnOff = useMailSwitch();
  const turnOn = useMailSwitch();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !token) return;
    asked.current = true;
    turnOff.mutate({ token, on: false });
  }, [token, turnOff]);

  if (!token || turnOff.isError) {
    return (
      <CardPage title="This link does not work">
        <p role="alert">
          {turnOff.error?.message ??
            "This unsubscribe link is not valid. Open the link from the mail again, or choose which mail you get in Settings."}
        </p>
        <Link to="/settings">Open Settings</Link>
      </CardPage>
    );
  }
  if (!turnOff.data) return <CardPage title="Unsubscribing…">{null}</CardPage>;
  const label = TOPIC_LABELS[turnOff.data.topic];
  if (turnOn.data) {
    return (
      <CardPage title="Mail is on again">
        <p>{`You will get mail about "${label}" again.`}</p>
        <Link to="/settings">Choose in Settings</Link>
      </CardPage>
    );
  }
  return (
    <CardPage title="You are unsubscribed">
      <p>{`You will no longer get mail about "${label}". Your notifications still show in the bell.`}</p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={turnOn.isPending}
          onClick={() => turnOn.mutate({ token, on: true })}
        >
          Turn it back on
        </button>
        <Link to="/settings" className="button button-ghost">
          Choose in Settings
        </Link>
      </div>
      {turnOn.isError && <p role="alert">{turnOn.error.message}</p>}
    </CardPage>
  );
}
