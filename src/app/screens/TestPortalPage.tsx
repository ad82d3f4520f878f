import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  selectAccessLevel,
  subscriptionActions,
  type PaidTier,
} from '../../features/subscription/subscriptionSlice';
import { formatEuros } from '../../../kernel/format/formatFrench';
import { PLANS, TIER_LABELS } from '../../../kernel/subscription/tiers';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageShell } from './PageShell';
import { TestModeBanner } from './TestModeBanner';

/** The local test provider's subscription portal: change offer or cancel, marked "mode test". */
export default function TestPortalPage() {
  const level = useAppSelector(selectAccessLevel);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const payment = useAppSelector((state) => state.subscription.payment);
  const pending = payment.status === 'pending';
  const error = payment.status === 'failed' ? payment.message : null;
  useEffect(() => () => void dispatch(subscriptionActions.paymentCleared()), [dispatch]);
  useEffect(() => {
    if (payment.status === 'succeeded') void navigate('/subscription');
  }, [payment.status, navigate]);

  return (
    <PageShell title="Gérer mon abonnement" subtitle={`Offre actuelle : ${TIER_LABELS[level]}`}>
      <TestModeBanner />
      <section className="card" aria-label="Changer d’offre">
        <h2 className="card__title">Changer d’offre</h2>
        <div className="subscription__actions">
          {PLANS.filter((plan) => plan.tier !== 'free').map((plan) => (
            <button
              key={plan.tier}
              type="button"
              className="button"
              disabled={pending || plan.tier === level || level === 'free' || level === 'anonymous'}
              onClick={() => dispatch(subscriptionActions.testPlanChangeRequested(plan.tier as PaidTier))}
            >
              {`Passer à ${plan.label} (${formatEuros(plan.monthlyPrice)} /mois)`}
            </button>
          ))}
        </div>
      </section>
      <section className="card" aria-label="Résilier">
        <h2 className="card__title">Résilier l’abonnement</h2>
        <p>La résiliation vous ramène à l’offre Gratuit : 3 zones par mois, 10 indicateurs essentiels, sans export.</p>
        <button
          type="button"
          className="button button--danger"
          disabled={pending || level === 'free' || level === 'anonymous'}
          onClick={() => dispatch(subscriptionActions.testCancellationRequested())}
        >
          Résilier mon abonnement
        </button>
      </section>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <Link to="/subscription" className="button button--ghost">
        Retour à mon abonnement
      </Link>
    </PageShell>
  );
}
