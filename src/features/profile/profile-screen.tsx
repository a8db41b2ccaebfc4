/** Placeholder of the profile screen, replaced by its feature work. */
export function ProfileScreen() {
  return (
    <main className="page">
      <h1>profile</h1>
    </main>
  );
}
