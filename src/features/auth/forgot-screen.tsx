/** Placeholder of the forgot screen, replaced by its feature work. */
export function ForgotScreen() {
  return (
    <main className="page">
      <h1>forgot</h1>
    </main>
  );
}
