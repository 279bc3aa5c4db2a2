import { randomUUID } from "node:crypto";
import type { Database, Db } from "../db/database.ts";
import type { DomainEvent, DomainEventType, EventOf } from "./domain-events.ts";
import { COMMIT_ORDERED } from "./domain-events.ts";
import { decodeEnvelope, EVENTS_CHANNEL } from "./event-channel.ts";

/** Must not throw: it runs inside the database client's notification handling. */
export type EventHandler<T extends DomainEventType> = (event: EventOf<T>) => void;

export type Subscription<T extends DomainEventType> = {
  types: readonly T[];
  on: EventHandler<T>;
  /**
   * The LISTEN connection was lost and is back: events sent meanwhile are gone, so anything may
   * have changed (caches forget everything, the hub catches up from its tables).
   */
  onResync?: () => void;
};

/**
 * Runs inside the transaction that announces the event, before it commits: what it writes commits
 * or rolls back with the change (a notification with the message it is about). It may announce.
 */
export type TransactionHandler<T extends DomainEventType> = (
  tx: Db,
  event: EventOf<T>,
) => Promise<void>;

type InTransaction = {
  types: ReadonlySet<DomainEventType>;
  on: (tx: Db, event: DomainEvent) => Promise<void>;
  /** How many apps of this process added it (two test instances share one bus): it runs once. */
  added: number;
};

type Subscriber = {
  types: ReadonlySet<DomainEventType>;
  on: (event: DomainEvent) => void;
  onResync?: () => void;
};

/** One process's events on one database: one LISTEN, handed to every subscriber by type. */
export type EventBus = {
  /** This process on this database, named in the envelopes it delivers itself at commit. */
  origin: string;
  /** Resolves once listening, to a function that unsubscribes. */
  subscribe<T extends DomainEventType>(subscription: Subscription<T>): Promise<() => Promise<void>>;
  /** Right after the commit that announced them: this process's subscribers, without the channel. */
  deliverHere(events: readonly DomainEvent[]): void;
  /**
   * Adds the handler `name`, run in the announcing transaction; returns the function that removes
   * it. Added again under the same name (a second app on this database), it still runs once.
   */
  handleInTransaction<T extends DomainEventType>(
    name: string,
    types: readonly T[],
    on: TransactionHandler<T>,
  ): () => void;
  /** Runs the in-transaction handlers of `event`'s type, one after the other, on `tx`. */
  runInTransaction(tx: Db, event: DomainEvent): Promise<void>;
};

/** By the database's Drizzle handle, so the write pipeline, holding only `db`, reaches the bus. */
const buses = new WeakMap<Db, EventBus>();

/** The bus of `db` in this process, if anything subscribed there. */
export const busOf = (db: Db): EventBus | undefined => buses.get(db);

/**
 * Hands `event` to this process's subscribers on `db` only, for a change committed some other way
 * (SQL by hand, a fixture): the channel is not involved.
 */
export function deliverHere(db: Db, event: DomainEvent): void {
  buses.get(db)?.deliverHere([event]);
}

/** This process's bus on `database`, made on first use. */
export function eventBusOf(database: Database): EventBus {
  const existing = buses.get(database.db);
  if (existing) return existing;
  const bus = createEventBus(database);
  buses.set(database.db, bus);
  return bus;
}

function createEventBus(database: Database): EventBus {
  const origin = randomUUID();
  const subscribers = new Set<Subscriber>();
  const inTransaction = new Map<string, InTransaction>();
  let listening: Promise<() => Promise<void>> | undefined;

  const dispatch = (event: DomainEvent) => {
    for (const subscriber of subscribers) {
      if (!subscriber.types.has(event.type)) continue;
      try {
        subscriber.on(event);
      } catch {
        // One subscriber's failure must not keep the event from the others.
      }
    }
  };
  const resync = () => {
    for (const subscriber of subscribers) subscriber.onResync?.();
  };
  const onNotify = (payload: string) => {
    const envelope = decodeEnvelope(payload);
    if (!envelope) return; // not one of ours (or from a newer version): nothing to act on
    if (envelope.origin === origin && !COMMIT_ORDERED.has(envelope.event.type)) return;
    dispatch(envelope.event);
  };
  const listen = () => {
    const started = database.listen(EVENTS_CHANNEL, onNotify, resync);
    started.catch(() => {
      if (listening === started) listening = undefined;
    });
    return started;
  };

  return {
    origin,
    async subscribe({ types, on, onResync }) {
      const subscriber: Subscriber = {
        types: new Set(types),
        on: on as (event: DomainEvent) => void,
        onResync,
      };
      subscribers.add(subscriber);
      listening ??= listen();
      const joined = listening;
      try {
        await joined;
      } catch (error) {
        subscribers.delete(subscriber);
        throw error;
      }
      return async () => {
        if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
        if (listening === joined) listening = undefined;
        const unlisten = await joined;
        await unlisten();
      };
    },
    deliverHere(events) {
      for (const event of events) if (!COMMIT_ORDERED.has(event.type)) dispatch(event);
    },
    handleInTransaction(name, types, on) {
      const handler = inTransaction.get(name) ?? {
        types: new Set(types),
        on: on as (tx: Db, event: DomainEvent) => Promise<void>,
        added: 0,
      };
      handler.added += 1;
      inTransaction.set(name, handler);
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        handler.added -= 1;
        if (handler.added === 0) inTransaction.delete(name);
      };
    },
    async runInTransaction(tx, event) {
      for (const handler of inTransaction.values()) {
        if (handler.types.has(event.type)) await handler.on(tx, event);
      }
    },
  };
}
