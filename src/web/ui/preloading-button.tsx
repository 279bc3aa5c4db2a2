import type { ReactNode } from "react";

type Props = {
  className: string;
  describedBy?: string | undefined;
  /** Starts loading what the click shows (a lazy form) as soon as the pointer or focus nears. */
  preload: () => unknown;
  onClick: () => void;
  opensDialog?: boolean;
  children: ReactNode;
};

/** A small action button that fetches its lazily loaded form before it is pressed. */
export function PreloadingButton({
  className,
  describedBy,
  preload,
  onClick,
  opensDialog = false,
  children,
}: Props) {
  return (
    <button
      type="button"
      className={className}
      aria-describedby={describedBy}
      aria-haspopup={opensDialog ? "dialog" : undefined}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
