/** Placeholder of the home screen, replaced by its feature work. */
export function HomeScreen() {
  return (
    <main className="page">
      <h1>home</h1>
    </main>
  );
}
