/** Placeholder of the dictionary screen, replaced by its feature work. */
export function DictionaryScreen({ topic }: { topic?: string }) {
  return (
    <main className="page">
      <h1>dictionary</h1>
      <p>{[topic].join(' ')}</p>
    </main>
  );
}
