import type { ReactNode } from 'react';

function reloadPage() {
  window.location.reload();
}

function ErrorPanel({
  title,
  message,
  children,
  variant,
}: {
  title: string;
  message?: string;
  children: ReactNode;
  variant: 'page' | 'map' | 'panel' | 'dialog';
}) {
  return (
    <div className={`error-screen error-screen--${variant}`} role="alert">
      <h2 className="error-screen__title">{title}</h2>
      {message ? <p className="error-screen__message">{message}</p> : null}
      <div className="error-screen__actions">{children}</div>
    </div>
  );
}

/** The generic error screen. */
export function AppErrorScreen({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <main className="error-page">
      <ErrorPanel title="Une erreur est survenue" message={error.message} variant="page">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Réessayer
        </button>
        <button type="button" className="button" onClick={reloadPage}>
          Recharger la page
        </button>
      </ErrorPanel>
    </main>
  );
}

/** The map failed (WebGL, style or basemap unavailable). */
export function MapErrorScreen({ error }: { error: Error }) {
  return (
    <ErrorPanel title="Erreur de chargement de la carte" message={error.message} variant="map">
      <button type="button" className="button button--primary" onClick={reloadPage}>
        Recharger
      </button>
    </ErrorPanel>
  );
}

/** A panel failed to load or render. */
export function PanelErrorScreen({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <ErrorPanel title="Erreur des panneaux" message={error.message} variant="panel">
      <button type="button" className="button button--primary" onClick={onRetry}>
        Réessayer
      </button>
      <button type="button" className="button" onClick={reloadPage}>
        Recharger la page
      </button>
    </ErrorPanel>
  );
}

/** The authentication fallback. */
export function AuthErrorScreen({ error, onClose }: { error: Error; onClose: () => void }) {
  return (
    <div className="auth-error-backdrop">
      <ErrorPanel title="Erreur d’authentification" message={error.message} variant="dialog">
        <button type="button" className="button button--primary" onClick={onClose}>
          Fermer
        </button>
      </ErrorPanel>
    </div>
  );
}
