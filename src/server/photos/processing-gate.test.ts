import { describe, expect, it } from "vitest";
import { AppError } from "../http/app-error.ts";
import { BUSY_RETRY_SECONDS, createGate } from "./processing-gate.ts";

/** A task that runs until the test lets it finish. */
function heldTask() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    run: async () => {
      started = true;
      await done;
    },
    finish,
    started: () => started,
  };
}

describe("the photo processing gate (issue 28, item 6)", () => {
  it("runs two at once, queues a few in order, and refuses the rest at once with 503 and Retry-After", async () => {
    const gate = createGate({ running: 2, waiting: 2 });
    const tasks = Array.from({ length: 4 }, heldTask);
    const runs = tasks.map((task) => gate(task.run));
    await Promise.resolve();
    expect(tasks.map((task) => task.started())).toEqual([true, true, false, false]);

    const refused = await gate(async () => "never run").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 503,
      code: "server-busy",
      headers: { "Retry-After": String(BUSY_RETRY_SECONDS) },
    });

    tasks[0]?.finish();
    await runs[0];
    expect(tasks.map((task) => task.started())).toEqual([true, true, true, false]);
    // A place in the queue is free again.
    const next = heldTask();
    const nextRun = gate(next.run);
    for (const task of [...tasks, next]) task.finish();
    await Promise.all([...runs, nextRun]);
    expect(next.started()).toBe(true);
  });
});
