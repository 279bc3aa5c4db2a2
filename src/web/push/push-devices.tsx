import { useId } from "react";
import type { PushDevice } from "../../shared/push.ts";
import { MutationButton } from "../ui/mutation-button.tsx";
import { notify } from "../ui/notify.tsx";
import { usePushDevices } from "./api/get-push-devices.ts";
import { pushTexts } from "./push-texts.ts";
import { pushSupported } from "./this-browser.ts";
import { useRemovePushDevice } from "./use-remove-push-device.ts";
import { useThisDeviceEndpoint } from "./use-this-device.ts";
import { useTurnOnPush } from "./use-turn-on-push.ts";
import "./push.css";

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/**
 * Settings → Notifications → Devices: push on this device (on, or the button that turns it on)
 * and every device the member turned it on for, each with Remove.
 */
export function PushDevices() {
  const headingId = useId();
  const devices = usePushDevices();
  const here = useThisDeviceEndpoint();
  return (
    <div className="push-devices">
      <h3 id={headingId}>Devices</h3>
      {devices.isPending || here.isPending ? (
        <p className="muted">Loading…</p>
      ) : devices.isError ? (
        <p role="alert">Your devices could not be loaded.</p>
      ) : (
        <>
          <ThisDevice device={devices.data.find(({ endpoint }) => endpoint === here.data)} />
          <DeviceList devices={devices.data} here={here.data ?? null} labelledBy={headingId} />
        </>
      )}
    </div>
  );
}

/** This device's push: on (and the way off), or the way on, or why there is none. */
function ThisDevice({ device }: { device: PushDevice | undefined }) {
  const turnOn = useTurnOnPush();
  const remove = useRemovePushDevice();
  if (!pushSupported()) {
    return (
      <p className="push-status">
        <strong>{pushTexts.unsupported}</strong> {pushTexts.unsupportedIphone}
      </p>
    );
  }
  if (device) {
    return (
      <div className="push-status">
        <p>{pushTexts.on}</p>
        <MutationButton
          mutation={remove}
          variables={device}
          successText="Notifications are off for this device."
        >
          Turn off on this device
        </MutationButton>
      </div>
    );
  }
  return (
    <div className="push-status">
      <button
        type="button"
        className="button"
        disabled={turnOn.isPending}
        onClick={() =>
          turnOn.mutate(undefined, {
            onSuccess: () => notify("Turned on notifications for this device.", "success"),
          })
        }
      >
        Turn on notifications on this device
      </button>
      {turnOn.isError && (
        <p role="alert" className="error-text">
          {turnOn.error.message}
        </p>
      )}
    </div>
  );
}

function DeviceList({
  devices,
  here,
  labelledBy,
}: {
  devices: PushDevice[];
  here: string | null;
  labelledBy: string;
}) {
  if (devices.length === 0) {
    return <p className="muted">Notifications are not on for any of your devices yet.</p>;
  }
  return (
    <ul className="push-device-list" aria-labelledby={labelledBy}>
      {devices.map((device) => (
        <DeviceItem key={device.id} device={device} here={device.endpoint === here} />
      ))}
    </ul>
  );
}

function DeviceItem({ device, here }: { device: PushDevice; here: boolean }) {
  const remove = useRemovePushDevice();
  return (
    <li className="session-item">
      <div>
        <p className="push-device-label">
          {device.label}
          {here && <span className="badge">This device</span>}
        </p>
        <p className="muted">added {day(device.created_at)}</p>
      </div>
      <MutationButton
        mutation={remove}
        variables={device}
        successText={`Removed ${device.label}.`}
        aria-label={`Remove ${device.label}`}
      >
        Remove
      </MutationButton>
    </li>
  );
}
