import type { UseMutationResult } from "@tanstack/react-query";
import type { ButtonHTMLAttributes } from "react";
import { notify } from "./notify.tsx";

type Props<Variables> = {
  mutation: UseMutationResult<unknown, Error, Variables>;
  /** The notice once it is done; none where what follows says so. */
  successText?: string;
  /** After the failure's notice: what else the failure calls for. */
  onFailure?: (error: Error) => void;
} & (undefined extends Variables ? { variables?: undefined } : { variables: Variables }) &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className" | "disabled" | "onClick">;

/**
 * A button that calls one endpoint: it waits while the call is on its way, then says how it went
 * in a notice (the failure's message, and `successText`).
 */
export function MutationButton<Variables>({
  mutation,
  variables,
  successText,
  onFailure,
  ...button
}: Props<Variables>) {
  return (
    <button
      type="button"
      className="button button-ghost"
      disabled={mutation.isPending}
      onClick={() =>
        mutation.mutate(variables as Variables, {
          onSuccess: () => {
            if (successText) notify(successText, "success");
          },
          onError: (error) => {
            notify(error.message, "error");
            onFailure?.(error);
          },
        })
      }
      {...button}
    />
  );
}
