import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { decrypt } from "http_ece";
import { PUSH_SERVICE_CERT } from "./push-service-authority.ts";

/**
 * A push service of our own for the tests (RFC 8030): HTTPS on 127.0.0.1 with a self-signed
 * certificate the app trusts through NODE_EXTRA_CA_CERTS (vitest.config.ts), holding each test
 * device's private keys as a browser does. It checks every push as a real one would: the VAPID
 * header (RFC 8292: an ES256 JWT for this origin, expiring within 24 hours, with a subject) and
 * the encrypted body (RFC 8291, aes128gcm), which it decrypts. Real crypto, nothing mocked.
 */

const HERE = path.join(import.meta.dirname, "push-service");

/** A browser's side of a subscription: what it sends the app, and the keys it keeps. */
export type TestDevice = {
  endpoint: string;
  /** The body of POST /api/push/subscriptions (PushSubscription.toJSON()). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

/** One push the service accepted (or answered with the status the test asked for). */
export type ReceivedPush = {
  endpoint: string;
  status: number;
  payload: unknown;
  headers: IncomingHttpHeaders;
  vapid: { sub: string; aud: string; exp: number; publicKey: string };
};

type Answer = { status: number; headers?: Record<string, string> };

export type TestPushService = {
  origin: string;
  /** A new device: its endpoint on this service and its keys (a P-256 pair, a 16-byte secret). */
  device(): TestDevice;
  /** Every push that reached the service with a valid VAPID header and a body that decrypts. */
  readonly received: ReceivedPush[];
  /** Pushes that did not pass the checks, with why. */
  readonly rejected: string[];
  /** The next pushes to `endpoint` get these answers, in order; then 201 again. */
  answerNext(endpoint: string, ...answers: Answer[]): void;
  /** Resolves with the first push (already received or still to come) that `match` accepts. */
  waitFor(match: (push: ReceivedPush) => boolean): Promise<ReceivedPush>;
  stop(): Promise<void>;
};

const base64url = (buffer: Buffer) => buffer.toString("base64url");

/** The claims of `token` when its ES256 signature is by `publicKey` (raw P-256, base64url). */
function verifiedClaims(token: string, publicKey: string): Record<string, unknown> {
  const [header, claims, signature] = token.split(".");
  if (!header || !claims || !signature) throw new Error("the VAPID token is not a JWT");
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") {
    throw new Error("the VAPID token is not ES256");
  }
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: base64url(raw.subarray(1, 33)),
      y: base64url(raw.subarray(33, 65)),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID signature does not verify");
  return JSON.parse(Buffer.from(claims, "base64url").toString());
}

/** The VAPID header's claims, checked as RFC 8292 asks; throws with why when they fail. */
function checkVapid(authorization: string | undefined, origin: string): ReceivedPush["vapid"] {
  const match = authorization?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${authorization}`);
  const claims = verifiedClaims(match[1], match[2]);
  const now = Date.now() / 1000;
  const exp = Number(claims.exp);
  if (claims.aud !== origin) throw new Error(`the VAPID audience is ${claims.aud}, not ${origin}`);
  if (!(exp > now && exp <= now + 24 * 60 * 60)) throw new Error(`the VAPID expiry ${exp} is off`);
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Error(`the VAPID subject ${claims.sub} is not mailto: or https:`);
  }
  return { sub: claims.sub, aud: claims.aud, exp, publicKey: match[2] };
}

export async function startTestPushService(): Promise<TestPushService> {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const answers = new Map<string, Answer[]>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const arrivals = new EventEmitter();
  let origin = "";

  const server: Server = createServer(
    { cert: readFileSync(PUSH_SERVICE_CERT), key: readFileSync(path.join(HERE, "key.pem")) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const endpoint = `${origin}${request.url}`;
        const device = devices.get(request.url ?? "");
        try {
          if (!device) throw new Error(`no device at ${request.url}`);
          if (request.headers["content-encoding"] !== "aes128gcm") {
            throw new Error(`content-encoding ${request.headers["content-encoding"]}`);
          }
          const vapid = checkVapid(request.headers.authorization, origin);
          const body = decrypt(Buffer.concat(chunks), {
            version: "aes128gcm",
            privateKey: device.ecdh,
            authSecret: device.auth,
          });
          const answer = answers.get(request.url ?? "")?.shift() ?? { status: 201 };
          const push = {
            endpoint,
            status: answer.status,
            payload: JSON.parse(body.toString("utf8")),
            headers: request.headers,
            vapid,
          };
          received.push(push);
          response.writeHead(answer.status, answer.headers).end();
          arrivals.emit("push", push);
        } catch (error) {
          rejected.push(String((error as Error).message));
          response.writeHead(400).end(String((error as Error).message));
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    device() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = base64url(randomBytes(16));
      const route = `/push/${base64url(randomBytes(12))}`;
      devices.set(route, { ecdh, auth });
      const endpoint = `${origin}${route}`;
      return {
        endpoint,
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: base64url(ecdh.getPublicKey()), auth },
        },
      };
    },
    answerNext(endpoint, ...next) {
      const route = new URL(endpoint).pathname;
      answers.set(route, [...(answers.get(route) ?? []), ...next]);
    },
    waitFor(match) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const listener = (push: ReceivedPush) => {
          if (!match(push)) return;
          arrivals.off("push", listener);
          resolve(push);
        };
        arrivals.on("push", listener);
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
