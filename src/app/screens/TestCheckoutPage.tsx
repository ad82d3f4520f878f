import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authActions } from '../../features/account/authSlice';
import { subscriptionActions } from '../../features/subscription/subscriptionSlice';
import { formatEuros } from '../../../kernel/format/formatFrench';
import { planOf, TRIAL_DAYS } from '../../../kernel/subscription/tiers';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageShell } from './PageShell';
import { TestModeBanner } from './TestModeBanner';

/** The local test provider's checkout page (/payments/test-checkout?tier=light|pro), marked "mode test". */
export default function TestCheckoutPage() {
  const [parameters] = useSearchParams();
  const tier = parameters.get('tier') === 'pro' ? 'pro' : 'light';
  const plan = planOf(tier);
  const user = useAppSelector((state) => state.auth.user);
  const authStatus = useAppSelector((state) => state.auth.status);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = useId();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const payment = useAppSelector((root) => root.subscription.payment);
  const state = { pending: payment.status === 'pending', error: payment.status === 'failed' ? payment.message : null };
  useEffect(() => () => void dispatch(subscriptionActions.paymentCleared()), [dispatch]);
  useEffect(() => {
    if (payment.status === 'succeeded') void navigate('/subscription?checkout=success');
  }, [payment.status, navigate]);

  const pay = (event: FormEvent) => {
    event.preventDefault();
    dispatch(
      subscriptionActions.testCheckoutPaid({ tier, card_number: card.number, expiry: card.expiry, cvc: card.cvc }),
    );
  };

  return (
    <PageShell
      title={`Paiement — offre ${plan.label}`}
      subtitle={`${formatEuros(plan.monthlyPrice)} /mois après ${TRIAL_DAYS} jours d’essai gratuit`}
    >
      <TestModeBanner />
      {authStatus === 'ready' && !user ? (
        <div className="card">
          <p>Connectez-vous pour souscrire une offre.</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => dispatch(authActions.authModalOpened('login'))}
          >
            Se connecter
          </button>
        </div>
      ) : (
        <form className="card form" onSubmit={pay} noValidate aria-busy={state.pending}>
          <div className="form__field">
            <label htmlFor={`${id}-number`}>Numéro de carte</label>
            <input
              id={`${id}-number`}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              required
              value={card.number}
              onChange={(event) => setCard({ ...card, number: event.target.value })}
            />
          </div>
          <div className="form__row">
            <div className="form__field">
              <label htmlFor={`${id}-expiry`}>Expiration (MM/AA)</label>
              <input
                id={`${id}-expiry`}
                autoComplete="cc-exp"
                placeholder="12/34"
                required
                value={card.expiry}
                onChange={(event) => setCard({ ...card, expiry: event.target.value })}
              />
            </div>
            <div className="form__field">
              <label htmlFor={`${id}-cvc`}>Cryptogramme</label>
              <input
                id={`${id}-cvc`}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                required
                value={card.cvc}
                onChange={(event) => setCard({ ...card, cvc: event.target.value })}
              />
            </div>
          </div>
          {state.error ? (
            <p className="form__error" role="alert">
              {state.error}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={state.pending || !card.number || !card.expiry || !card.cvc}
          >
            {state.pending ? 'Paiement…' : `Démarrer l’essai de ${TRIAL_DAYS} jours`}
          </button>
          <Link to="/pricing" className="button button--ghost">
            Annuler
          </Link>
        </form>
      )}
    </PageShell>
  );
}
