/** Placeholder of the topics screen, replaced by its feature work. */
export function TopicsScreen() {
  return (
    <main className="page">
      <h1>topics</h1>
    </main>
  );
}
