import {
  createReportBodySchema,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  type ReportTarget,
} from "../../shared/moderation.ts";
import { SITE_PAGES } from "../../shared/site-pages.ts";
import { FormFrame } from "../ui/form-frame.tsx";
import { notify } from "../ui/notify.tsx";
import { RadioGroupField } from "../ui/radio-group-field.tsx";
import { TextAreaField } from "../ui/text-field.tsx";
import { useMutationForm } from "../ui/use-mutation-form.ts";
import { useCreateReport } from "./api/create-report.ts";
import "./reports.css";

/** The form's part of the body: the target is the item the dialog was opened on. */
const reportFieldsSchema = createReportBodySchema.omit({ target: true });

const KIND_NAMES: Record<ReportTarget["type"], string> = {
  post: "post",
  review: "review",
  "review-reply": "reply",
  profile: "profile",
  message: "chat message",
  "direct-message": "direct message",
};

type Props = { target: ReportTarget; onSent: () => void; onCancel: () => void };

/**
 * A reason (required) and an optional note. On success the notice says moderators will look at it
 * and the dialog closes; a refusal (already reported, too many reports) shows above the buttons and
 * what was typed stays.
 */
export function ReportForm({ target, onSent, onCancel }: Props) {
  const { form, frame } = useMutationForm(useCreateReport(), {
    schema: reportFieldsSchema,
    defaultValues: { note: "" },
    request: (fields) => ({ target, ...fields }),
    onSuccess: ({ message }) => {
      // The server's words: on a site with no moderator yet, it says so (issue 34).
      notify(message, "success");
      onSent();
    },
  });

  return (
    <FormFrame
      {...frame}
      label="Report"
      className="report-form"
      submitLabel="Send report"
      moreButtons={
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      }
    >
      <p className="muted">
        What is wrong with this {KIND_NAMES[target.type]}? Its author is not told who reported it.
        See the {/* A new tab: following it here would close the dialog and lose what was typed. */}
        <a href={SITE_PAGES.guidelines.path} target="_blank" rel="noopener">
          community guidelines (opens in a new tab)
        </a>
        .
      </p>
      <RadioGroupField form={form} name="reason" label="Reason" options={REPORT_REASON_LABELS} />
      <TextAreaField
        form={form}
        name="note"
        label="Note (optional)"
        maxChars={REPORT_NOTE_MAX_LENGTH}
        rows={3}
      />
    </FormFrame>
  );
}
