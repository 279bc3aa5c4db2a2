import { TOPIC_LABELS } from "../../shared/notifications.ts";
import "./notifications.css";
import { notify } from "../ui/notify.tsx";
import {
  useNotificationSettings,
  useSaveNotificationSetting,
} from "./api/notification-settings.ts";

/**
 * Settings → which notifications also come by mail, per topic; the bell always shows them all.
 * Each box saves as it is ticked.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  if (settings.isPending) return <p className="muted">Loading…</p>;
  if (settings.isError) return <p role="alert">Your notification settings could not be loaded.</p>;
  return (
    <fieldset className="notification-settings">
      <legend>Also send me an email about</legend>
      {settings.data
        .filter((setting) => setting.channel === "mail")
        .map((setting) => (
          <div key={setting.topic} className="checkbox-field">
            <label>
              <input
                type="checkbox"
                checked={setting.enabled}
                disabled={save.isPending}
                onChange={(event) =>
                  save.mutate(
                    { ...setting, enabled: event.target.checked },
                    {
                      onSuccess: () => notify("Saved.", "success"),
                      onError: (error) => notify(error.message, "error"),
                    },
                  )
                }
              />
              {TOPIC_LABELS[setting.topic]}
            </label>
          </div>
        ))}
      <p className="muted">
        Mail comes only while a notification stays unread for a while, to a verified address, and at
        most a few times a day. Every mail has a link that turns its kind off.
      </p>
    </fieldset>
  );
}
