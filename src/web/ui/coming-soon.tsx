/** Placeholder for a screen whose issue is still open (see the README's feature table). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="centered-card">
      <h1>{title}</h1>
      <p>This screen is not built yet.</p>
    </section>
  );
}
