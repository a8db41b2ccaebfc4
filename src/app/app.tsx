/** The application shell of the foundation: it proves the database opened and shows what it holds. */
import { useEffect, useState } from 'react';
import type { MarineDB } from '@/db/schema';

interface Counts {
  words: number;
  topics: number;
  divisions: number;
}

export function App({ db }: { db: MarineDB }) {
  const [counts, setCounts] = useState<Counts | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([db.count('vocab'), db.count('topics'), db.count('divisions')]).then(
      ([words, topics, divisions]) => {
        if (live) setCounts({ words, topics, divisions });
      },
    );
    return () => {
      live = false;
    };
  }, [db]);

  return (
    <main className="shell">
      <h1>Морской английский</h1>
      <p>Слова и команды для экипажа: палуба, машина, мостик, камбуз.</p>
      {counts ? (
        <dl aria-label="Словарь" data-testid="db-ready">
          <dt>Слов</dt>
          <dd>{counts.words}</dd>
          <dt>Тем</dt>
          <dd>{counts.topics}</dd>
          <dt>Служб</dt>
          <dd>{counts.divisions}</dd>
        </dl>
      ) : (
        <p aria-live="polite">Загрузка…</p>
      )}
    </main>
  );
}
