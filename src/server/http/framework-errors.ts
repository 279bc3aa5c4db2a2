import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiErrorBody } from "../../shared/api-error.ts";
import type { ErrorCode } from "../../shared/error-codes.ts";
import { AppError } from "./app-error.ts";

const errorBody = (code: ErrorCode, message: string): ApiErrorBody => ({
  error: { code, message },
});

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (a path with broken
 * percent-escapes, a parameter over the length limit) gets the API's error shape, not Fastify's own.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  reply
    .status(tooLong ? 414 : 400)
    .send(
      errorBody(
        tooLong ? "uri-too-long" : "bad-url",
        tooLong ? "A part of this address is too long." : "This address is not valid.",
      ),
    );
}

/** Status, reason phrase, code and message of an answer written straight to a socket. */
type SocketAnswer = [number, string, ErrorCode, string];

const CLIENT_ERRORS: Record<string, SocketAnswer> = {
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    "Request Timeout",
    "request-timeout",
    "The request took too long.",
  ],
  HPE_HEADER_OVERFLOW: [
    431,
    "Request Header Fields Too Large",
    "headers-too-large",
    "The request headers are too large.",
  ],
};

/** Writes an answer in the error shape straight to a socket (no reply object exists yet), then closes it. */
export function answerOnSocket(
  socket: Socket,
  [status, reason, code, message]: SocketAnswer,
  headers = "",
): void {
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n${headers}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read (bytes not allowed in a
 * header, a bad chunk, Content-Length with Transfer-Encoding) is answered in the error shape too.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  answerOnSocket(
    socket,
    CLIENT_ERRORS[error.code ?? ""] ?? [
      400,
      "Bad Request",
      "bad-request",
      "The request is not valid HTTP.",
    ],
  );
}

/**
 * What Node's HTTP server would otherwise answer itself with a bare status and no body, answered in
 * the error shape: an HTTP/1.1 request without a Host (RFC 9112 §3.2; the app turns Node's own
 * check off with `requireHostHeader: false` and makes it here), and an Expect other than
 * 100-continue (417).
 */
export function registerProtocolChecks(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const { httpVersionMajor, httpVersionMinor } = request.raw;
    if (!request.headers.host && (httpVersionMajor > 1 || httpVersionMinor >= 1)) {
      throw new AppError(400, "missing-host", "An HTTP/1.1 request must have a Host header.");
    }
  });
  app.server.on("checkExpectation", (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(
      errorBody("expectation-failed", "The Expect header of this request is not supported."),
    );
    response.writeHead(417, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      Connection: "close",
    });
    response.end(body);
  });
}
