import type { ReactNode } from 'react';
import { TIER_LABELS, type AccessLevel } from '../../../kernel/subscription/tiers';

/**
 * A locked tab shows its content blurred under an overlay — an anonymous visitor is asked to
 * create a free account, a signed-in user to move to the required offer.
 */
export function PaywallOverlay({
  level,
  required,
  children,
}: {
  level: AccessLevel;
  required: AccessLevel;
  children: ReactNode;
}) {
  const tier = TIER_LABELS[required];
  return (
    <div className="paywall">
      <div className="paywall__content" aria-hidden="true" inert>
        {children}
      </div>
      <div className="paywall__overlay" role="region" aria-label="Contenu réservé">
        {level === 'anonymous' ? (
          <div className="paywall__card">
            <p className="paywall__title">Créez votre compte</p>
            <p className="paywall__message">Créez un compte gratuit pour accéder à cette fonctionnalité</p>
            <a className="button button--primary" href="/auth/register">
              Créer mon compte gratuit
            </a>
          </div>
        ) : (
          <div className="paywall__card">
            <p className="paywall__title">Fonctionnalité Premium</p>
            <p className="paywall__message">{`Passez à l’offre ${tier} pour accéder à cette fonctionnalité`}</p>
            <a className="button button--primary" href="/#pricing">
              {`Passer à ${tier}`}
            </a>
            <a className="link-button" href="/pricing">
              Voir toutes les offres →
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
