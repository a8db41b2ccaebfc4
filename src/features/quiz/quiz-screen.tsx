/** Placeholder of the quiz screen, replaced by its feature work. */
export function QuizScreen() {
  return (
    <main className="page">
      <h1>quiz</h1>
    </main>
  );
}
