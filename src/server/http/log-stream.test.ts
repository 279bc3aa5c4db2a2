import { describe, expect, it } from "vitest";
import { createLogStream } from "./log-stream.ts";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("log stream", () => {
  it("writes the lines of one turn together, in order, on the next turn", async () => {
    const chunks: string[] = [];
    const stream = createLogStream((chunk) => chunks.push(chunk));
    stream.write("a\n");
    stream.write("b\n");
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual(["a\nb\n"]);
    stream.write("c\n");
    await nextTurn();
    expect(chunks).toEqual(["a\nb\n", "c\n"]);
  });

  it("writes what is pending at once on flush (as at exit)", () => {
    const chunks: string[] = [];
    const stream = createLogStream((chunk) => chunks.push(chunk));
    stream.write("last words\n");
    stream.flush();
    expect(chunks).toEqual(["last words\n"]);
  });
});
