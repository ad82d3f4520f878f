import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authActions } from '../../features/account/authSlice';
import { selectAccessLevel, subscriptionActions } from '../../features/subscription/subscriptionSlice';
import { formatEuros } from '../../../kernel/format/formatFrench';
import { PLANS, TRIAL_DAYS, type Plan } from '../../../kernel/subscription/tiers';
import { CheckIcon, MinusIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageShell } from './PageShell';

/** /pricing: three offers, 'Le plus populaire' on Light, trial and payment footer. */
export default function PricingPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const level = useAppSelector(selectAccessLevel);
  const payment = useAppSelector((state) => state.subscription.payment);
  const loadingTier = payment.status === 'pending' ? payment.tier : null;
  useEffect(() => () => void dispatch(subscriptionActions.paymentCleared()), [dispatch]);

  const choose = (plan: Plan) => {
    if (level === 'anonymous') {
      // Free without an account goes to the map; a paid offer needs an account first.
      if (plan.tier === 'free') void navigate('/map');
      else dispatch(authActions.authModalOpened('register'));
      return;
    }
    if (plan.tier === 'free') return;
    dispatch(subscriptionActions.checkoutRequested(plan.tier));
  };

  const actionLabel = (plan: Plan) => {
    if (loadingTier === plan.tier) return 'Chargement...';
    if (level === plan.tier) return 'Offre actuelle';
    if (plan.tier === 'free') return level === 'anonymous' ? 'Commencer gratuitement' : 'Inclus dans votre offre';
    return `Choisir ${plan.label}`;
  };

  return (
    <PageShell
      title="Nos offres"
      subtitle="Étudiez vos zones sur les données publiques officielles : population, entreprises, immobilier et services publics."
      width="wide"
    >
      <ul className="pricing">
        {PLANS.map((plan) => {
          const titleId = `plan-${plan.tier}`;
          const disabled =
            loadingTier !== null || level === plan.tier || (plan.tier === 'free' && level !== 'anonymous');
          return (
            <li key={plan.tier} className={`plan${plan.popular ? ' plan--popular' : ''}`} aria-labelledby={titleId}>
              {plan.popular ? <p className="plan__badge">Le plus populaire</p> : null}
              <h2 id={titleId} className="plan__name">
                {plan.label}
              </h2>
              <p className="plan__price">
                <span className="plan__amount">{formatEuros(plan.monthlyPrice)}</span>
                <span className="plan__period">/mois</span>
              </p>
              <ul className="plan__features">
                {plan.features.map((feature) => (
                  <li
                    key={feature.label}
                    className={feature.included ? 'plan__feature' : 'plan__feature plan__feature--excluded'}
                  >
                    {feature.included ? <CheckIcon /> : <MinusIcon />}
                    <span>
                      {feature.included ? null : <span className="visually-hidden">Non inclus : </span>}
                      {feature.label}
                    </span>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={`button button--block${plan.popular ? ' button--primary' : ''}`}
                disabled={disabled}
                aria-busy={loadingTier === plan.tier}
                onClick={() => choose(plan)}
              >
                {actionLabel(plan)}
              </button>
            </li>
          );
        })}
      </ul>
      <footer className="pricing__footer">
        <p>Toutes les offres incluent un essai gratuit de {TRIAL_DAYS} jours</p>
        <p>Paiement sécurisé par carte bancaire. Annulation à tout moment.</p>
      </footer>
    </PageShell>
  );
}
