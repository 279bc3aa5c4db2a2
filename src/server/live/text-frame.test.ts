import { describe, expect, it } from "vitest";
import * as ws from "ws";
import { textFrame } from "./text-frame.ts";

// ws exports its Sender, but its types do not declare it.
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } };

/** What `ws` writes for `socket.send(payload, { binary: false })` on a server socket. */
const framedByWs = (payload: Buffer) =>
  Buffer.concat(
    Sender.frame(payload, {
      fin: true,
      rsv1: false,
      opcode: 1,
      mask: false,
      readOnly: true,
    }),
  );

describe("textFrame", () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 70_000])(
    "writes the bytes ws writes for a %i-byte text",
    (length) => {
      const payload = Buffer.alloc(length, "a");
      expect(textFrame(payload).equals(framedByWs(payload))).toBe(true);
    },
  );
});
