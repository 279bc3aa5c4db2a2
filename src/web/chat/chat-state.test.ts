import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../shared/chat.ts";
import { type ChatState, chatReducer, initialChatState, KEPT_MESSAGES } from "./chat-state.ts";

const message = (id: number, text = `m${id}`): ChatMessage => ({
  id,
  userName: "ada",
  userPhotoURL: null,
  text,
  createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString(),
});

const ids = (state: ChatState) => state.messages.map((m) => m.id);

describe("chat state", () => {
  it("a snapshot replaces the list and means live", () => {
    const before: ChatState = { ...initialChatState, messages: [message(1), message(2)] };
    const after = chatReducer(before, {
      type: "frame",
      frame: { type: "snapshot", messages: [message(7), message(8)] },
    });
    expect(ids(after)).toEqual([7, 8]);
    expect(after.connection).toBe("live");
  });

  it("a resume appends what was missed, never twice, in id order", () => {
    let state: ChatState = { ...initialChatState, messages: [message(1), message(2)] };
    state = chatReducer(state, {
      type: "frame",
      frame: { type: "resume", messages: [message(2), message(3), message(4)] },
    });
    state = chatReducer(state, { type: "frame", frame: { type: "message", message: message(4) } });
    state = chatReducer(state, { type: "frame", frame: { type: "message", message: message(5) } });
    expect(ids(state)).toEqual([1, 2, 3, 4, 5]);
    expect(state.connection).toBe("live");
  });

  it("puts a late message in its place", () => {
    let state: ChatState = { ...initialChatState, messages: [message(1), message(3)] };
    state = chatReducer(state, { type: "frame", frame: { type: "message", message: message(2) } });
    expect(ids(state)).toEqual([1, 2, 3]);
  });

  it("an ack turns our pending message into the stored one, whichever of ack and broadcast comes first", () => {
    let state = chatReducer(initialChatState, { type: "queued", clientId: "c1", text: "hello" });
    expect(state.outgoing).toEqual([{ clientId: "c1", text: "hello", status: "pending" }]);
    state = chatReducer(state, {
      type: "frame",
      frame: { type: "message", message: message(9, "hello") },
    });
    state = chatReducer(state, {
      type: "frame",
      frame: { type: "ack", clientId: "c1", message: message(9, "hello") },
    });
    expect(state.outgoing).toEqual([]);
    expect(ids(state)).toEqual([9]);
  });

  it("an error for our message marks it failed; retry makes it pending again", () => {
    let state = chatReducer(initialChatState, { type: "queued", clientId: "c1", text: "hi" });
    state = chatReducer(state, {
      type: "frame",
      frame: {
        type: "error",
        code: "too-many-requests",
        message: "You are sending too fast.",
        clientId: "c1",
      },
    });
    expect(state.outgoing[0]).toMatchObject({
      status: "failed",
      error: "You are sending too fast.",
    });
    state = chatReducer(state, { type: "retry", clientId: "c1" });
    expect(state.outgoing).toEqual([{ clientId: "c1", text: "hi", status: "pending" }]);
  });

  it("ignores errors that are not about one of our messages", () => {
    const state = chatReducer(initialChatState, {
      type: "frame",
      frame: { type: "error", code: "invalid-frame", message: "bad" },
    });
    expect(state).toBe(initialChatState);
  });

  it("a session-ended error makes the state read-only and fails what was on its way", () => {
    let state = chatReducer(initialChatState, { type: "queued", clientId: "c1", text: "hi" });
    state = chatReducer(state, { type: "queued", clientId: "c2", text: "there" });
    state = chatReducer(state, {
      type: "frame",
      frame: {
        type: "error",
        code: "session-ended",
        message: "Your session has ended. Sign in again to send messages.",
        clientId: "c1",
      },
    });
    expect(state.sessionEnded).toBe(true);
    expect(state.outgoing.map((o) => o.status)).toEqual(["failed", "failed"]);
  });

  it("drops a message moderators hid, and nothing else", () => {
    const before: ChatState = {
      ...initialChatState,
      messages: [message(1), message(2), message(3)],
    };
    const after = chatReducer(before, { type: "frame", frame: { type: "hidden", id: 2 } });
    expect(ids(after)).toEqual([1, 3]);
    // One it never had (not sent to this reader, or already dropped) changes nothing.
    expect(chatReducer(after, { type: "frame", frame: { type: "hidden", id: 2 } })).toBe(after);
  });

  it(`keeps the latest ${KEPT_MESSAGES} messages`, () => {
    let state: ChatState = {
      ...initialChatState,
      messages: Array.from({ length: KEPT_MESSAGES }, (_, i) => message(i + 1)),
    };
    state = chatReducer(state, {
      type: "frame",
      frame: { type: "message", message: message(KEPT_MESSAGES + 1) },
    });
    expect(state.messages).toHaveLength(KEPT_MESSAGES);
    expect(state.messages[0]?.id).toBe(2);
    expect(state.messages.at(-1)?.id).toBe(KEPT_MESSAGES + 1);
  });
});
