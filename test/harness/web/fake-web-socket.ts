/**
 * A stand-in for the browser's WebSocket that the test drives as the server would: open it, send
 * it frames, close it with a code. Records what the page sent and whether the page closed it.
 */
export class FakeWebSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  readonly url: string;
  readonly sent: string[] = [];
  /** The code the page closed it with, once it did. */
  closedWith: number | undefined;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1005) {
    this.closedWith ??= code;
  }
  serverOpens() {
    this.onopen?.();
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: typeof frame === "string" ? frame : JSON.stringify(frame) });
  }
  serverCloses(code: number, reason = "") {
    this.onclose?.({ code, reason });
  }
  /** The frames the page sent, parsed. */
  frames(): { type: string }[] {
    return this.sent.map((data) => JSON.parse(data));
  }
}

/** A `createSocket` for the live socket that hands out FakeWebSockets, and the list of them. */
export function fakeSockets() {
  const opened: FakeWebSocket[] = [];
  return {
    opened,
    /** The last socket made. */
    last: () => {
      const socket = opened.at(-1);
      if (!socket) throw new Error("no socket was opened");
      return socket;
    },
    createSocket: (url: string) => {
      const socket = new FakeWebSocket(url);
      opened.push(socket);
      return socket as unknown as WebSocket;
    },
  };
}
