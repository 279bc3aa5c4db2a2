import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { appLink, renderMail } from "./index.ts";
import { linksIn } from "./render-mail.ts";

describe("renderMail", () => {
  const mail = renderMail({
    to: "ada@example.test",
    subject: "Reset your password",
    heading: "Reset <your> password",
    paragraphs: ['Someone asked to reset the password of "ada" & co.', "Ignore this otherwise."],
    action: {
      label: "Set a new password",
      url: "https://talents.example/reset-password?token=a&b=1",
    },
  });

  it("writes the text with the heading, paragraphs, link and product name", () => {
    expect(mail.to).toBe("ada@example.test");
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toBe(
      [
        "Reset <your> password",
        'Someone asked to reset the password of "ada" & co.',
        "Ignore this otherwise.",
        "Set a new password:\nhttps://talents.example/reset-password?token=a&b=1",
        "— Your Local Talents",
      ].join("\n\n"),
    );
    expect(linksIn(mail.text)).toEqual(["https://talents.example/reset-password?token=a&b=1"]);
  });

  it("escapes every text in the HTML and links the action", () => {
    expect(mail.html).toContain("Reset &lt;your&gt; password");
    expect(mail.html).toContain("of &quot;ada&quot; &amp; co.");
    expect(mail.html).toContain('href="https://talents.example/reset-password?token=a&amp;b=1"');
    expect(mail.html).toContain("Your Local Talents");
    expect(mail.html).not.toContain("<your>");
  });

  it("has no link without an action", () => {
    const plain = renderMail({ to: "a@b.test", subject: "S", heading: "H", paragraphs: ["P"] });
    expect(linksIn(plain.text)).toEqual([]);
    expect(plain.html).not.toContain("<a ");
  });
});

describe("appLink", () => {
  async function linkFor(env: Record<string, string>, host: string): Promise<string> {
    const app = Fastify();
    app.decorate("config", { ...loadConfig({ NODE_ENV: "test", ...env }), webDir: undefined });
    app.get("/link", async (request) => ({ link: appLink(request, "/verify-email?token=x") }));
    const res = await app.inject({ method: "GET", url: "/link", headers: { host } });
    await app.close();
    return res.json().link;
  }

  it("uses PUBLIC_ORIGIN when set", async () => {
    expect(await linkFor({ PUBLIC_ORIGIN: "https://talents.example/" }, "evil.example")).toBe(
      "https://talents.example/verify-email?token=x",
    );
  });

  it("else the request's own origin", async () => {
    expect(await linkFor({}, "localhost:3000")).toBe("http://localhost:3000/verify-email?token=x");
  });
});
