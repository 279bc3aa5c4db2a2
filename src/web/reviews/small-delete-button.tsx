import type { ReactNode } from "react";
import { ConfirmButton } from "../ui/confirm-button.tsx";

type Props = {
  describedBy: string;
  question: string;
  explanation: ReactNode;
  /** The deletion's mutation. */
  deletion: { mutateAsync: () => Promise<unknown>; isPending: boolean };
  successText: string;
  onDone?: (() => void) | undefined;
};

/** The small "Delete" under a review or its reply, asked first. */
export function SmallDeleteButton({ deletion, ...rest }: Props) {
  return (
    <ConfirmButton
      label="Delete"
      className="button button-ghost button-small"
      confirmLabel="Delete"
      action={deletion.mutateAsync}
      pending={deletion.isPending}
      {...rest}
    />
  );
}
