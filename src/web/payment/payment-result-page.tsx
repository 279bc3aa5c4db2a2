import { Link } from "react-router";

/** The static /success and /error pages (SPEC §2): nothing links to them. */
export function PaymentResultPage({ outcome }: { outcome: "success" | "error" }) {
  return (
    <section className="centered-card">
      <h1>{outcome === "success" ? "Payment is successful" : "Payment Failed"}</h1>
      <Link to="/" className="button">
        Buy Again
      </Link>
    </section>
  );
}
