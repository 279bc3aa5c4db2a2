import { z } from "zod";
import { type DomainEvent, domainEventSchema } from "./domain-events.ts";

/** The one NOTIFY channel every instance LISTENs on, on one connection. */
export const EVENTS_CHANNEL = "ylt_events";

/** NOTIFY payloads must stay under 8,000 bytes. */
export const MAX_EVENT_BYTES = 7900;

/**
 * What travels: the event and, when the writing process delivers it to its own subscribers at
 * commit, that process's id, so it does not deliver it twice when its notification comes back.
 */
const envelopeSchema = z.object({ origin: z.string().nullable(), event: domainEventSchema });
export type Envelope = z.infer<typeof envelopeSchema>;

export const encodeEnvelope = (envelope: Envelope): string => JSON.stringify(envelope);

/** The envelope in `payload`, checked against the event union; null when it is not one. */
export function decodeEnvelope(payload: string): Envelope | null {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = envelopeSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export const fitsNotification = (event: DomainEvent): boolean =>
  Buffer.byteLength(encodeEnvelope({ origin: "x".repeat(36), event })) <= MAX_EVENT_BYTES;
