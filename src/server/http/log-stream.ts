/**
 * Where the server's log lines go: standard output, but written once per turn of the event loop
 * instead of once per line. Every request logs two lines, and under load a write system call per
 * line cost more than many requests' own work (DESIGN §6 budgets). A quiet server still writes each
 * line at once (on the next turn); what is pending at exit is written before the process ends.
 */
export type LogStream = { write(line: string): void; flush(): void };

export function createLogStream(
  output: (chunk: string) => void = (chunk) => process.stdout.write(chunk),
): LogStream {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    output(chunk);
  };
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

let stdoutStream: LogStream | undefined;

/** The one batched standard output of this process. */
export function stdoutLogStream(): LogStream {
  if (!stdoutStream) {
    const stream = createLogStream();
    process.on("exit", () => stream.flush());
    stdoutStream = stream;
  }
  return stdoutStream;
}
