/** The product's waiting line (spinner and text, announced politely). */
export function LoadingLine({ text = 'Analyse en cours...' }: { text?: string }) {
  return (
    <div className="biz-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </div>
  );
}

/** A red box with the product's error title and the server's message. */
export function ErrorBox({
  title = 'Erreur de chargement',
  message,
  onRetry,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="biz-error" role="alert">
      <strong>{title}</strong>
      {message ? <p>{message}</p> : null}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Réessayer
        </button>
      ) : null}
    </div>
  );
}
