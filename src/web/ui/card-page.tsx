import type { ReactNode } from "react";
import "./card-page.css";

type Props = {
  /** The page's heading, and its document title before " · Your Local Talents". */
  title: string;
  /** A muted line under the heading. */
  lead?: string;
  /** For a form with groups of options side by side. */
  wide?: boolean;
  children: ReactNode;
};

/** A page that is one centred card: sign-in, registration and profile creation. */
export function CardPage({ title, lead, wide = false, children }: Props) {
  return (
    <section className={wide ? "card-page card-page-wide" : "card-page"}>
      <title>{`${title} · Your Local Talents`}</title>
      <div className="card card-page-card">
        <h1>{title}</h1>
        {lead && <p className="muted">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
