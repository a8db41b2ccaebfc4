/** Placeholder of the select-role screen, replaced by its feature work. */
export function SelectRoleScreen({ division }: { division?: string }) {
  return (
    <main className="page">
      <h1>select-role</h1>
      <p>{[division].join(' ')}</p>
    </main>
  );
}
