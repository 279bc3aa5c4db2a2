import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MessageForm } from "./message-form.tsx";

afterEach(cleanup);

function openForm() {
  const onSend = vi.fn();
  render(<MessageForm onSend={onSend} />);
  return {
    onSend,
    input: screen.getByRole("textbox", { name: "Message" }),
    send: screen.getByRole("button", { name: "Send" }),
  };
}

/** `text` went to onSend, and the input is empty and keeps the focus, ready for the next message. */
function expectSentAndReady({ onSend, input }: ReturnType<typeof openForm>, text: string) {
  expect(onSend).toHaveBeenCalledWith(text);
  expect(input).toHaveProperty("value", "");
  expect(document.activeElement).toBe(input);
}

describe("the chat's message form", () => {
  it("sends the trimmed text with Enter, then is empty and keeps the focus", async () => {
    const form = openForm();
    await userEvent.type(form.input, "  Hello there  {Enter}");
    expectSentAndReady(form, "Hello there");
  });

  it("takes the focus back from Send, ready for the next message", async () => {
    const form = openForm();
    await userEvent.type(form.input, "Hello");
    await userEvent.click(form.send);
    expectSentAndReady(form, "Hello");
  });

  it("sends nothing empty and says why, until the writer types again", async () => {
    const { onSend, input, send } = openForm();
    await userEvent.type(input, "   ");
    await userEvent.click(send);
    expect(await screen.findByText("Write a message first.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input);
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(input, "x");
    expect(screen.queryByText("Write a message first.")).toBeNull();
  });
});
