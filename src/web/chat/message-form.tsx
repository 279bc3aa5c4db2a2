import { type FormEvent, useId, useRef, useState } from "react";
import { CHAT_TEXT_MAX, chatTextSchema } from "../../shared/chat.ts";

/** The message input (required) and Send; the text is checked by the schema the server uses. */
export function MessageForm({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = chatTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check your message.");
      input.current?.focus();
      return;
    }
    onSend(parsed.data);
    setText("");
    setError(null);
    input.current?.focus();
  }

  return (
    <form className="chat-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="chat-sr-only">
        Message
      </label>
      <input
        ref={input}
        id={inputId}
        type="text"
        name="message"
        required
        maxLength={CHAT_TEXT_MAX}
        autoComplete="off"
        placeholder="Write a message…"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
      />
      <button type="submit" className="button">
        Send
      </button>
      {error && (
        <p id={errorId} className="field-error chat-form-error">
          {error}
        </p>
      )}
    </form>
  );
}
