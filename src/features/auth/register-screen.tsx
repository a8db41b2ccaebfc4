/** Placeholder of the register screen, replaced by its feature work. */
export function RegisterScreen() {
  return (
    <main className="page">
      <h1>register</h1>
    </main>
  );
}
