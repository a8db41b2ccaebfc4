/** Placeholder of the select-division screen, replaced by its feature work. */
export function SelectDivisionScreen() {
  return (
    <main className="page">
      <h1>select-division</h1>
    </main>
  );
}
