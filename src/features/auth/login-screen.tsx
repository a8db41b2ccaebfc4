/** Placeholder of the login screen, replaced by its feature work. */
export function LoginScreen() {
  return (
    <main className="page">
      <h1>login</h1>
    </main>
  );
}
