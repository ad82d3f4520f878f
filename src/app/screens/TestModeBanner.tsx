/** The "mode test" banner of the local payment provider's pages: no real card is charged. */
export function TestModeBanner() {
  return (
    <p className="test-mode-banner" role="note">
      <strong>Mode test</strong> — paiement simulé par Zonalyse, aucune carte n’est débitée. Cartes de test Stripe :
      4242 4242 4242 4242 (acceptée), 4000 0000 0000 0002 (refusée).
    </p>
  );
}
