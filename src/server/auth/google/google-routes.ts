import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import { z } from "zod";
import {
  authProvidersSchema,
  type GoogleErrorCode,
  type GoogleIntent,
  googleIntentSchema,
} from "../../../shared/auth.ts";
import type { Db } from "../../db/database.ts";
import { ownOrigin } from "../../http/own-origin.ts";
import { startSession } from "../start-session.ts";
import { hasProfile } from "../users-repository.ts";
import { type ProviderClaims, signInWithProvider } from "./google-accounts.ts";
import { createGoogleClient } from "./google-client.ts";
import { clearFlowCookie, readFlowCookie, setFlowCookie } from "./google-flow-cookie.ts";

const CALLBACK_PATH = "/api/auth/google/callback";

const callbackQuerySchema = z.object({ error: z.string().max(200).optional() }).loose();

/** `path` with `query`, and `next` (where to go once signed in) when there is one. */
function address(path: string, query: Record<string, string>, next: string | undefined) {
  const params = new URLSearchParams(query);
  if (next) params.set("next", next);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Back to the page the user came from, which shows SPEC §8's text for the failure. */
function failure(
  reply: FastifyReply,
  intent: GoogleIntent,
  code: GoogleErrorCode,
  next: string | undefined,
) {
  return reply.redirect(
    intent === "register"
      ? address("/register", { error: code }, next)
      : address("/login", { error: "google" }, next),
  );
}

/**
 * A suspended account (issue 16) goes to /login whichever page it came from: the page shows
 * suspendedMessage(until) for ?error=account-suspended&until=<ISO time or "indefinite">.
 */
function suspended(reply: FastifyReply, until: string) {
  const query = new URLSearchParams({ error: "account-suspended", until });
  return reply.redirect(`/login?${query}`);
}

const stringClaim = (value: unknown) => (typeof value === "string" && value ? value : null);

type Flow = NonNullable<ReturnType<typeof readFlowCookie>>;

/** The callback's code exchanged (PKCE, state and nonce checked) for the ID token's claims. */
async function exchangeCode(
  client: ReturnType<typeof createGoogleClient>,
  flow: Flow,
  currentUrl: URL,
): Promise<ProviderClaims> {
  const configuration = await client.configuration();
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error("no ID token");
  return {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: stringClaim(idToken.email),
    emailVerified: idToken.email_verified === true,
    name: stringClaim(idToken.name),
    picture: stringClaim(idToken.picture),
  };
}

/** Google's `error` on the callback: the person cancelled, or something else went wrong. */
const refusalCode = (error: string): GoogleErrorCode =>
  error === "access_denied" ? "google-cancelled" : "google-failed";

/** The account for Google's claims signed in, then back to the page that asked. */
async function signInAndGoBack(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  claims: ProviderClaims,
  { intent, next }: Flow,
) {
  const outcome = await signInWithProvider(db, claims);
  if (outcome.kind === "email-taken") {
    return failure(reply, intent, "account-exists-with-different-credential", next);
  }
  if (outcome.kind === "suspended") return suspended(reply, outcome.until);
  await startSession(request, reply, outcome.identity.id);
  const profiled = await hasProfile(db, outcome.identity.id);
  // Back to the page that asked (issue 20), through the profile form the first time.
  return reply.redirect(profiled ? (next ?? "/feed") : address("/createYourUser", {}, next));
}

/** Google sign-in: OpenID Connect authorization code flow with PKCE (S256), state and nonce. */
export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.google;
  const client = settings ? createGoogleClient(settings) : undefined;

  // Public: the sign-in pages offer Google only when the server is set up for it (issue 20).
  app.get("/auth/providers", { schema: { response: { 200: authProvidersSchema } } }, async () => ({
    google: client !== undefined,
  }));

  app.get(
    "/auth/google",
    { schema: { querystring: googleIntentSchema } },
    async (request, reply) => {
      const { intent, next } = request.query;
      if (!client) return failure(reply, intent, "google-unavailable", next);
      let configuration: oidc.Configuration;
      try {
        configuration = await client.configuration();
      } catch (error) {
        request.log.error({ err: error }, "OpenID Connect discovery failed");
        return failure(reply, intent, "google-unavailable", next);
      }
      const flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        intent,
        ...(next ? { next } : {}),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: `${ownOrigin(request)}${CALLBACK_PATH}`,
        scope: "openid email profile",
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: "S256",
        prompt: "select_account",
      });
      setFlowCookie(request, reply, flow);
      return reply.redirect(url.href);
    },
  );

  app.get(
    "/auth/google/callback",
    { schema: { querystring: callbackQuerySchema } },
    async (request, reply) => {
      const flow = readFlowCookie(request);
      clearFlowCookie(request, reply);
      if (!flow || !client) {
        return failure(reply, flow?.intent ?? "login", "google-failed", flow?.next);
      }
      const { intent, next } = flow;
      if (request.query.error)
        return failure(reply, intent, refusalCode(request.query.error), next);

      let claims: ProviderClaims;
      try {
        claims = await exchangeCode(client, flow, new URL(`${ownOrigin(request)}${request.url}`));
      } catch (error) {
        request.log.warn({ err: error }, "Google sign-in failed");
        return failure(reply, intent, "google-failed", next);
      }

      return signInAndGoBack(app.database.db, request, reply, claims, flow);
    },
  );
};
