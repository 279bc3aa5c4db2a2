import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationTopic,
  TOPIC_CHANNELS,
  TOPIC_LABELS,
} from "../../shared/notifications.ts";
import "./notifications.css";
import { notify } from "../ui/notify.tsx";
import {
  useNotificationSettings,
  useSaveNotificationSetting,
} from "./api/notification-settings.ts";

const CHANNEL_HEADINGS: Record<NotificationChannel, string> = { mail: "Mail", push: "Push" };
/** Each box's own name says both: "Reminders about your posts by push". */
const CHANNEL_WORDS: Record<NotificationChannel, string> = { mail: "by mail", push: "by push" };

/**
 * Settings → which notifications also come by mail and by push, per topic (a row each, a column
 * per channel); the bell always shows them all. Each box saves as it is ticked.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  if (settings.isPending) return <p className="muted">Loading…</p>;
  if (settings.isError) return <p role="alert">Your notification settings could not be loaded.</p>;
  const enabled = (topic: NotificationTopic, channel: NotificationChannel) =>
    choiceOf(settings.data, topic, channel);
  return (
    <fieldset className="notification-settings">
      <legend>Besides the bell, tell me about</legend>
      <table className="notification-channels">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Topic</span>
            </th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <th key={channel} scope="col">
                {CHANNEL_HEADINGS[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_TOPICS.map((topic) => (
            <tr key={topic}>
              <th scope="row">{TOPIC_LABELS[topic]}</th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <td key={channel}>
                  {TOPIC_CHANNELS[topic].includes(channel) ? (
                    <label className="channel-box">
                      <input
                        type="checkbox"
                        aria-label={`${TOPIC_LABELS[topic]} ${CHANNEL_WORDS[channel]}`}
                        checked={enabled(topic, channel)}
                        disabled={save.isPending}
                        onChange={(event) =>
                          save.mutate(
                            { topic, channel, enabled: event.target.checked },
                            {
                              onSuccess: () => notify("Saved.", "success"),
                              onError: (error) => notify(error.message, "error"),
                            },
                          )
                        }
                      />
                    </label>
                  ) : (
                    <>
                      <span aria-hidden="true" className="muted">
                        –
                      </span>
                      <span className="visually-hidden">Not {CHANNEL_WORDS[channel]}</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Mail comes only while a notification stays unread for a while, to a verified address, and at
        most a few times a day. Every mail has a link that turns its kind off. Push comes to the
        devices you turn it on for below.
      </p>
    </fieldset>
  );
}

/** The member's choice, or the default where the server sent none. */
function choiceOf(
  settings: NotificationSettings["settings"],
  topic: NotificationTopic,
  channel: NotificationChannel,
): boolean {
  const chosen = settings.find((setting) => setting.topic === topic && setting.channel === channel);
  return chosen?.enabled ?? NOTIFICATION_DEFAULTS[topic][channel];
}
