/** Placeholder of the spelling screen, replaced by its feature work. */
export function SpellingScreen() {
  return (
    <main className="page">
      <h1>spelling</h1>
    </main>
  );
}
