import { useEffect } from "react";
import {
  REVIEW_REPLY_MAX_LENGTH,
  type Review,
  reviewReplyBodySchema,
} from "../../shared/reviews.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { TextAreaField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { usePutReply } from "./api/review-reply.ts";

const NOT_SENT = "Reply not sent:";

type Props = { review: Review; onDone: () => void };

/**
 * The reviewed member's reply to `review`: written afresh, or their reply to change, prefilled. On
 * success it shows under the review and `onDone` closes the form; Cancel closes it unsent.
 */
export function ReplyForm({ review, onDone }: Props) {
  const editing = review.reply !== null;
  const { form, frame } = useMutationForm(usePutReply(review), {
    schema: reviewReplyBodySchema,
    defaultValues: { body: review.reply?.body ?? "" },
    onSuccess: () => {
      notify(editing ? "reply updated" : "reply sent", "success");
      onDone();
    },
  });
  useEffect(() => form.setFocus("body"), [form]);
  return (
    <FormFrame
      {...frame}
      label={editing ? "Edit your reply" : `Reply to ${review.username}`}
      className="reply-form"
      submitLabel={editing ? "Save reply" : "Send reply"}
      errorPrefix={`${NOT_SENT} `}
      moreButtons={
        <button type="button" className="button button-ghost" onClick={onDone}>
          Cancel
        </button>
      }
    >
      <TextAreaField
        form={form}
        name="body"
        label="Your reply"
        maxChars={REVIEW_REPLY_MAX_LENGTH}
        rows={3}
      />
    </FormFrame>
  );
}
