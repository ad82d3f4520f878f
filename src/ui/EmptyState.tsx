import type { ReactNode } from 'react';

/** A centred message for empty, waiting or missing-data states. */
export function EmptyState({
  title,
  message,
  tone = 'neutral',
  children,
}: {
  title: string;
  message?: string;
  tone?: 'neutral' | 'warning';
  children?: ReactNode;
}) {
  return (
    <div className={`empty-state empty-state--${tone}`} role={tone === 'warning' ? 'status' : undefined}>
      <p className="empty-state__title">{title}</p>
      {message ? <p className="empty-state__message">{message}</p> : null}
      {children}
    </div>
  );
}
