/** Placeholder of the admin screen, replaced by its feature work. */
export function AdminScreen() {
  return (
    <main className="page">
      <h1>admin</h1>
    </main>
  );
}
