import net from "node:net";

export type RawAnswer = {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
};

/**
 * Sends bytes as they are (no client library to tidy them up) and reads the first answer. Resolves
 * null when the server closes without answering; rejects when it neither answers nor closes.
 */
export function sendRaw(port: number, bytes: Buffer, timeoutMs = 5_000): Promise<RawAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no answer in ${timeoutMs} ms to ${JSON.stringify(bytes.toString("latin1").slice(0, 300))}`,
        ),
      );
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseFirstAnswer(Buffer.concat(chunks)));
    };
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      if (parseFirstAnswer(Buffer.concat(chunks), true)) finish();
    });
    socket.on("error", () => {});
    socket.on("close", finish);
    socket.write(bytes);
  });
}

/** A chunked body as text, or null while its last chunk has not come. */
function dechunked(data: Buffer): string | null {
  const parts: Buffer[] = [];
  let rest = data;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    if (lineEnd < 0) return null;
    const size = Number.parseInt(rest.subarray(0, lineEnd).toString(), 16);
    if (size === 0) return Buffer.concat(parts).toString("utf8");
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

/** The first HTTP answer in `data`, or null while it is incomplete (or there is none). */
function parseFirstAnswer(data: Buffer, onlyIfComplete = false): RawAnswer | null {
  const text = data.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const statusCode = Number(statusLine.split(" ")[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
  if (headers["transfer-encoding"] === "chunked") {
    const body = dechunked(rest);
    if (body === null) return onlyIfComplete ? null : { statusCode, headers, body: "" };
    return { statusCode, headers, body };
  }
  const length = Number(headers["content-length"] ?? 0);
  if (onlyIfComplete && rest.length < length) return null;
  return { statusCode, headers, body: rest.subarray(0, length).toString("utf8") };
}
