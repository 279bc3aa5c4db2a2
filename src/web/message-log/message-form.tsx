import { z } from "zod";
import { CHAT_TEXT_MAX, chatTextSchema } from "../../shared/chat.ts";
import { Field } from "../ui/field.tsx";
import { useSchemaForm } from "../ui/use-schema-form.ts";
import "./message-log.css";

const messageSchema = z.object({ message: chatTextSchema });

/**
 * The message input (required) and Send; the text is checked by the schema the server uses and
 * counted against its limit as it is typed (nothing is cut: over it, the count says so).
 */
export function MessageForm({ onSend }: { onSend: (text: string) => void }) {
  const form = useSchemaForm({
    schema: messageSchema,
    defaultValues: { message: "" },
    focusFirstError: true,
  });
  const error = form.formState.errors.message?.message;
  const length = form.watch("message")?.length ?? 0;

  const onSubmit = form.handleSubmit(({ message }) => {
    onSend(message);
    // resetField, not reset: reset forgets the input until the next render, so it could not be focused.
    form.resetField("message");
    form.setFocus("message");
  });

  return (
    <form className="chat-form" onSubmit={onSubmit} noValidate>
      <Field label="Message" hideLabel counter={{ length, max: CHAT_TEXT_MAX }} error={error}>
        {(control) => (
          <input
            {...control}
            type="text"
            required
            autoComplete="off"
            placeholder="Write a message…"
            {...form.register("message", {
              // The reason goes as soon as the writer does something about it.
              onChange: () => error && form.clearErrors("message"),
            })}
          />
        )}
      </Field>
      <button type="submit" className="button">
        Send
      </button>
    </form>
  );
}
