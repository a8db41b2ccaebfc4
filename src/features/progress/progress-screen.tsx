/** Placeholder of the progress screen, replaced by its feature work. */
export function ProgressScreen() {
  return (
    <main className="page">
      <h1>progress</h1>
    </main>
  );
}
