import type { RawData } from "ws";
import { type ChatErrorCode, type ClientFrame, clientFrameSchema } from "../../shared/chat.ts";

/** A client frame refused before it is served: the error frame's code, text and client id. */
export type FrameRefusal = { code: ChatErrorCode; message: string; extra: { clientId?: string } };

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return "The frame is not valid.";
  const at = issue.path.map(String).join(".");
  return at ? `Invalid ${at}: ${issue.message}` : issue.message;
}

function parseJson(data: RawData, isBinary: boolean): { json: unknown } | null {
  try {
    if (isBinary) throw new Error("binary");
    return { json: JSON.parse(String(data)) };
  } catch {
    return null;
  }
}

/**
 * One frame from the client as the schema reads it (src/shared/chat.ts), or why it is refused: not
 * one JSON object in a text message, a send whose text is not valid (`invalid-text`), or anything
 * else the schema refuses (`invalid-frame`, naming the first issue), with its client id when it had
 * one.
 */
export function readClientFrame(
  data: RawData,
  isBinary: boolean,
): { ok: true; frame: ClientFrame } | { ok: false; refusal: FrameRefusal } {
  const parsedJson = parseJson(data, isBinary);
  if (!parsedJson) {
    const message = "A frame is one JSON object in a text message.";
    return { ok: false, refusal: { code: "invalid-frame", message, extra: {} } };
  }
  const { json } = parsedJson;
  const parsed = clientFrameSchema.safeParse(json);
  if (parsed.success) return { ok: true, frame: parsed.data };
  const raw = json as { type?: unknown; clientId?: unknown } | null;
  const clientId = typeof raw?.clientId === "string" ? raw.clientId.slice(0, 64) : undefined;
  const issue = parsed.error.issues[0];
  const textIssue = raw?.type === "send" && issue?.path[0] === "text";
  const refusal: FrameRefusal = {
    code: textIssue ? "invalid-text" : "invalid-frame",
    message: textIssue ? (issue?.message ?? "Invalid text.") : describeIssue(issue),
    extra: clientId ? { clientId } : {},
  };
  return { ok: false, refusal };
}
