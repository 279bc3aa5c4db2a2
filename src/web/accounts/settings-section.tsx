import { type ReactNode, useId } from "react";

type Props = { title: string; danger?: boolean; children: ReactNode };

/** One part of /settings: a card named by its heading (a landmark region). */
export function SettingsSection({ title, danger = false, children }: Props) {
  const headingId = useId();
  return (
    <section
      className={danger ? "card settings-section settings-danger" : "card settings-section"}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
