/** Placeholder of the select-topic screen, replaced by its feature work. */
export function SelectTopicScreen({ division, role }: { division?: string; role?: string }) {
  return (
    <main className="page">
      <h1>select-topic</h1>
      <p>{[division, role].join(' ')}</p>
    </main>
  );
}
