import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiErrorBody } from "../../shared/api-error.ts";
import type { ErrorCode } from "../../shared/error-codes.ts";
import { sqlStateOf } from "../db/sql-errors.ts";
import { AppError } from "./app-error.ts";
import { isClientAbort } from "./client-abort.ts";
import { isStorageUnavailable } from "./storage-errors.ts";

/** PostgreSQL's text cannot hold U+0000: any input that carries one is invalid, never a 500. */
const TEXT_WITH_NUL = "22021";

/**
 * An error answer stays small whatever the input: at most this many fields, each name and message
 * cut to a short length (a 64 KB body once answered 6.5 MB, one message per array element).
 */
const MAX_FIELDS = 5;
const MAX_FIELD_NAME = 60;
const MAX_FIELD_MESSAGE = 160;

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** A validation failure's fields, each named once, at most MAX_FIELDS of them, cut short. */
function validationFields(error: {
  validation: readonly { instancePath: string; message?: string }[];
  validationContext?: string;
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = cut(
      issue.instancePath.replace(/^\//, "").replaceAll("/", ".") ||
        error.validationContext ||
        "input",
      MAX_FIELD_NAME,
    );
    if (!(key in fields) && Object.keys(fields).length === MAX_FIELDS) break;
    fields[key] ??= cut(issue.message ?? "is invalid", MAX_FIELD_MESSAGE);
  }
  return fields;
}

const clientErrorCode = (status: number): ErrorCode =>
  status === 429 ? "too-many-requests" : status === 413 ? "payload-too-large" : "bad-request";

/** Fastify's own 4xx with its message, anything else a 500 that says nothing of why. */
function answerUnexpected(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = clientErrorCode(status);
    return reply.status(status).send(body(code, cut(error.message, MAX_FIELD_MESSAGE)));
  }
  request.log.error({ err: error }, "unhandled error");
  return reply
    .status(500)
    .send(body("internal", "Something went wrong on our side. Please try again."));
}

/** Every failure leaves the API in the one error shape, with the right status and never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const summary = Object.entries(fields)
        .map(([field, message]) => `${field}: ${message}`)
        .join("; ");
      return reply
        .status(400)
        .send(body("invalid-input", `Please check your input (${summary}).`, fields));
    }
    if (sqlStateOf(error) === TEXT_WITH_NUL) {
      return reply
        .status(400)
        .send(body("invalid-input", "Text must not contain NUL characters (U+0000)."));
    }
    if (isClientAbort(error, request)) {
      // Nobody is left to read the answer; info, since anyone can cut a request short at will.
      request.log.info({ reason: error.message }, "client aborted the request");
      return reply.status(400).send(body("bad-request", "The request ended before its body."));
    }
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, "storage unavailable");
      return reply
        .status(503)
        .header("Retry-After", "5")
        .send(
          body(
            "storage-unavailable",
            "The service is briefly unavailable. Please try again in a few seconds.",
          ),
        );
    }
    return answerUnexpected(error, request, reply);
  });
}
