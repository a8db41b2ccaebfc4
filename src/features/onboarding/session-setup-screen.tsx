/** Placeholder of the session-setup screen, replaced by its feature work. */
export function SessionSetupScreen() {
  return (
    <main className="page">
      <h1>session-setup</h1>
    </main>
  );
}
