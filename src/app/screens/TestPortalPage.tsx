import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authErrorMessage } from '../../features/account/authSaga';
import { subscriptionApi } from '../../features/subscription/subscriptionApi';
import { selectAccessLevel, subscriptionActions } from '../../features/subscription/subscriptionSlice';
import { formatEuros } from '../../../kernel/format/formatFrench';
import { PLANS, TIER_LABELS } from '../../../kernel/subscription/tiers';
import { useAppDispatch, useAppSelector } from '../hooks';
import { toastShown } from '../toasts/toastsSlice';
import { PageShell } from './PageShell';
import { TestModeBanner } from './TestModeBanner';

/** The local test provider's subscription portal: change offer or cancel, marked "mode test". */
export default function TestPortalPage() {
  const level = useAppSelector(selectAccessLevel);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = (work: () => Promise<void>, title: string) => {
    setPending(true);
    setError(null);
    work()
      .then(() => {
        dispatch(subscriptionActions.subscriptionRequested());
        dispatch(toastShown({ type: 'success', title }));
        void navigate('/subscription');
      })
      .catch((failure: unknown) => {
        setPending(false);
        setError(authErrorMessage(failure));
      });
  };

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
              onClick={() =>
                run(() => subscriptionApi.changeTestPlan(plan.tier as 'light' | 'pro'), `Offre ${plan.label} activée`)
              }
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
          onClick={() => run(() => subscriptionApi.cancelTestSubscription(), 'Abonnement résilié')}
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
