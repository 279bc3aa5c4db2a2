import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";

/** Issue 34: About and Community guidelines, the operator's Markdown from DATA_DIR/pages. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-pages-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const t = testAppClosedAfterAll({ dataDir });

const read = (name: string) => t.app.inject({ method: "GET", url: `/api/pages/${name}` });
const write = (name: string, text: string) => {
  fs.mkdirSync(path.join(dataDir, "pages"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "pages", `${name}.md`), text);
};

describe("GET /api/pages/:name", () => {
  it("answers the shipped texts until the operator writes their own, to anyone signed in or not", async () => {
    const about = await read("about");
    expect(about.statusCode, about.body).toBe(200);
    expect(about.json()).toMatchObject({ name: "about", title: "About", custom: false });
    expect(about.json().html).toContain("<h2>How it works</h2>");
    const guidelines = (await read("guidelines")).json();
    expect(guidelines).toMatchObject({ title: "Community guidelines", custom: false });
    expect(guidelines.html).toContain("<strong>Report</strong>");
    expect((await read("privacy")).statusCode).toBe(400);
  });

  it("shows the operator's file at the next request, no restart, as Markdown", async () => {
    write(
      "about",
      "## Cambridge talents\n\nRun by *Ana*. Write to [us](mailto:ana@talents.example).\n",
    );
    const page = (await read("about")).json();
    expect(page.custom).toBe(true);
    expect(page.html).toBe(
      '<h2>Cambridge talents</h2>\n<p>Run by <em>Ana</em>. Write to <a href="mailto:ana@talents.example">us</a>.</p>\n',
    );
    write(
      "about",
      "## Changed\n\nAnd longer than before, so the stamp moves even within a tick.\n",
    );
    expect((await read("about")).json().html).toContain("<h2>Changed</h2>");
  });

  it("never passes raw HTML, unsafe links or images through", async () => {
    write(
      "guidelines",
      [
        '<script>alert("x")</script>',
        '<img src=x onerror="alert(1)">',
        "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)",
        "![tracker](https://tracker.example/pixel.png)",
        "",
      ].join("\n\n"),
    );
    const { html } = (await read("guidelines")).json();
    expect(html).not.toMatch(/<script|<img|href="javascript:|href="data:|onerror="/i);
    expect(html).toContain("&lt;script&gt;");
    // An image is at most a link to it: nothing loads from elsewhere when the page opens.
    expect(html).toContain('<a href="https://tracker.example/pixel.png">tracker</a>');
  });
});
