/** What other features use of the domain events (decision 017): announce in a write, subscribe. */
export { announce } from "./announce.ts";
export type { DomainEvent, DomainEventType, EventOf } from "./domain-events.ts";
export { deliverHere, type EventBus, eventBusOf } from "./event-bus.ts";
export { fitsNotification } from "./event-channel.ts";
/** For the write pipeline (write/) only: its events, delivered here after its commit. */
export { deliverAfterCommit, type RecordedEvents, recordEvents } from "./pipeline.ts";
