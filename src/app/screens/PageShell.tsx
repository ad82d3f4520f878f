import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../ui/icons';

/** A full page outside the map (settings, pricing, subscription): back link, title, content. */
export function PageShell({
  title,
  subtitle,
  children,
  width = 'narrow',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'wide';
}) {
  useEffect(() => {
    document.title = `${title} — Zonalyse`;
    return () => {
      document.title = 'Zonalyse';
    };
  }, [title]);
  return (
    <div className="page">
      <header className="page__bar">
        <Link to="/map" className="button button--ghost">
          <ArrowLeftIcon /> Retour à la carte
        </Link>
        <span className="page__brand">Zonalyse</span>
      </header>
      <main className={`page__main page__main--${width}`}>
        <h1 className="page__title">{title}</h1>
        {subtitle ? <p className="page__subtitle">{subtitle}</p> : null}
        {children}
      </main>
    </div>
  );
}
