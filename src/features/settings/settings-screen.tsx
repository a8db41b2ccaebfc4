/** Placeholder of the settings screen, replaced by its feature work. */
export function SettingsScreen() {
  return (
    <main className="page">
      <h1>settings</h1>
    </main>
  );
}
