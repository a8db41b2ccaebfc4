/** The message shown where a list or screen has nothing to show. */
import type { ReactNode } from 'react';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="empty-state" role="status">
      {children}
    </p>
  );
}
