import { type APIRequestContext, expect } from "@playwright/test";

/** A message the app sent, as the test SMTP server caught it (e2e/support/smtp-catcher-server.ts). */
export type CaughtMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Each header line by its lower-cased name. */
  headers: Record<string, string>;
};

function messagesUrl(address: string): string {
  const api = process.env.E2E_SMTP_API;
  if (!api)
    throw new Error("E2E_SMTP_API is not set: run the journeys through playwright.config.ts");
  return `${api}/messages?to=${encodeURIComponent(address)}`;
}

/** Every message sent to `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(messagesUrl(address));
  if (!response.ok) throw new Error(`${messagesUrl(address)} answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * The newest message to `address` once at least `count` have arrived (the sender wakes as soon as a
 * mail is queued, so this is quick); fails after `timeout` ms. Its one-time link is `links[0]`.
 */
export async function latestMailTo(
  address: string,
  { count = 1, timeout = 10_000 }: { count?: number; timeout?: number } = {},
): Promise<CaughtMail> {
  let latest: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address);
        latest = mails.length >= count ? mails.at(-1) : undefined;
        return mails.length;
      },
      { message: `mail number ${count} to ${address}`, timeout },
    )
    .toBeGreaterThanOrEqual(count);
  if (!latest) throw new Error(`no mail to ${address}`);
  return latest;
}

/**
 * Follows the newest verification link sent to `address`, as its owner would (journeys whose subject
 * is not verification itself but needs a verified address).
 */
export async function verifyAddress(request: APIRequestContext, address: string): Promise<void> {
  const mail = await latestMailTo(address);
  const link = mail.links.find((each) => each.includes("/verify-email?token="));
  const token = link && new URL(link).searchParams.get("token");
  if (!token) throw new Error(`no verification link in the mail to ${address}`);
  const verified = await request.post("/api/auth/verify-email", { data: { token } });
  expect(verified.status()).toBe(200);
}
