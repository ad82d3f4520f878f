import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Subscription } from '../../features/subscription/subscriptionApi';
import { authActions } from '../../features/account/authSlice';
import { selectAccessLevel, subscriptionActions } from '../../features/subscription/subscriptionSlice';
import { formatEuros, formatNumber } from '../../../kernel/format/formatFrench';
import { nextTier, planOf, TIER_LABELS, type TierName } from '../../../kernel/subscription/tiers';
import { CheckIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageShell } from './PageShell';
import { UsageBar } from './UsageBar';
import { ApiKeysSection } from '../../features/subscription/ApiKeysSection';

/** An anonymous visitor may create one zone. */
const ANONYMOUS_ZONE_LIMIT = 1;

function AnonymousSubscription() {
  const dispatch = useAppDispatch();
  const zoneCount = useAppSelector((state) => state.zones.zones.length);
  return (
    <div className="subscription">
      <section className="card" aria-labelledby="current-plan">
        <h2 id="current-plan" className="card__title">
          Offre actuelle : sans compte
        </h2>
        <p className="subscription__price">{formatEuros(0)} /mois</p>
        <p>
          Vous utilisez Zonalyse sans compte : une zone d’analyse et les onglets démographiques ouverts, sans export. Un
          compte gratuit donne 3 zones par mois et 10 indicateurs essentiels.
        </p>
        <div className="subscription__actions">
          <Link to="/auth/register" className="button button--primary">
            Créer mon compte gratuit
          </Link>
          <button type="button" className="button" onClick={() => dispatch(authActions.authModalOpened('login'))}>
            Se connecter
          </button>
          <Link to="/pricing" className="button button--ghost">
            Voir toutes les offres →
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="usage">
        <h2 id="usage" className="card__title">
          Utilisation ce mois-ci
        </h2>
        <UsageBar label="Zones d’analyse" used={zoneCount} limit={ANONYMOUS_ZONE_LIMIT} kind="zones" />
        <h3 className="card__subtitle">Fonctionnalités incluses</h3>
        <ul className="feature-list">
          <li>
            <CheckIcon /> Une zone d’analyse (isochrone ou zone administrative)
          </li>
          <li>
            <CheckIcon /> Démographie : vue d’ensemble, population, ménages, logement, demandeurs d’emploi, comparaisons
          </li>
          <li>
            <CheckIcon /> Carte, IRIS et visualisations
          </li>
        </ul>
      </section>
    </div>
  );
}

function AccountSubscription({ subscription, tier }: { subscription: Subscription | null; tier: TierName }) {
  const dispatch = useAppDispatch();
  const payment = useAppSelector((state) => state.subscription.payment);
  const opening = payment.status === 'pending';
  useEffect(() => () => void dispatch(subscriptionActions.paymentCleared()), [dispatch]);
  const plan = planOf(tier);
  const upgrade = nextTier(tier);
  const usage = subscription?.usage;

  const manage = () => dispatch(subscriptionActions.portalRequested());

  return (
    <div className="subscription">
      <section className="card" aria-labelledby="current-plan">
        <h2 id="current-plan" className="card__title">
          Offre actuelle : {TIER_LABELS[tier]}
        </h2>
        <p className="subscription__price">{formatEuros(plan.monthlyPrice)} /mois</p>
        <div className="subscription__actions">
          {upgrade ? (
            <Link to="/pricing" className="button button--primary">
              Passer à {TIER_LABELS[upgrade]}
            </Link>
          ) : null}
          {tier !== 'free' ? (
            <button type="button" className="button" disabled={opening} onClick={manage}>
              {opening ? 'Chargement...' : 'Gérer mon abonnement →'}
            </button>
          ) : null}
        </div>
      </section>
      <section className="card" aria-labelledby="usage">
        <h2 id="usage" className="card__title">
          Utilisation ce mois-ci
        </h2>
        <UsageBar
          label="Zones d’analyse"
          used={usage?.zonesUsed ?? 0}
          limit={usage ? usage.zonesLimit : plan.zonesPerMonth}
          kind="zones"
        />
        {tier !== 'free' ? (
          <UsageBar label="Exports" used={usage?.exportsUsed ?? 0} limit={usage?.exportsLimit ?? null} kind="exports" />
        ) : null}
        <p className="subscription__metrics">
          Indicateurs disponibles : <strong>{formatNumber(usage?.metricsAvailable ?? plan.indicators)}</strong>
        </p>
        <h3 className="card__subtitle">Fonctionnalités incluses</h3>
        <ul className="feature-list">
          {plan.features
            .filter((feature) => feature.included)
            .map((feature) => (
              <li key={feature.label}>
                <CheckIcon /> {feature.label}
              </li>
            ))}
        </ul>
      </section>
      {tier === 'pro' ? <ApiKeysSection /> : null}
    </div>
  );
}

/** /subscription: current plan, upgrade, management, usage of the month, included features. */
export default function SubscriptionPage() {
  const dispatch = useAppDispatch();
  const { status, subscription, error } = useAppSelector((state) => state.subscription);
  const authStatus = useAppSelector((state) => state.auth.status);
  const level = useAppSelector(selectAccessLevel);
  useEffect(() => {
    if (authStatus === 'ready') dispatch(subscriptionActions.subscriptionRequested());
  }, [dispatch, authStatus]);

  let content;
  if (authStatus === 'loading' || status === 'loading' || status === 'idle') {
    content = (
      <p className="page-loading" role="status">
        Chargement de votre abonnement…
      </p>
    );
  } else if (status === 'error') {
    content = (
      <div className="error-screen error-screen--panel" role="alert">
        <h2 className="error-screen__title">Erreur de chargement des données</h2>
        <p className="error-screen__message">{error}</p>
        <div className="error-screen__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => dispatch(subscriptionActions.subscriptionRequested())}
          >
            Réessayer
          </button>
        </div>
      </div>
    );
  } else if (level === 'anonymous') {
    content = <AnonymousSubscription />;
  } else {
    content = <AccountSubscription subscription={subscription} tier={level} />;
  }
  return (
    <PageShell title="Mon abonnement" subtitle="Votre offre, son utilisation ce mois-ci et ses fonctionnalités.">
      {content}
    </PageShell>
  );
}
