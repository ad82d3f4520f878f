import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountRequestsActions } from '../../features/account/accountRequestsSlice';
import { useAppDispatch, useAppSelector } from '../hooks';

/** After a successful verification, back to the map after 3 s. */
export const VERIFY_REDIRECT_MS = 3_000;

/** /verify-email (standalone): loading, success, error or invalid; resend or return. */
export default function VerifyEmailPage() {
  const [parameters] = useSearchParams();
  const token = parameters.get('token')?.trim() ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const verification = useAppSelector((root) => root.accountRequests.emailVerification);
  const resend = useAppSelector((root) => root.accountRequests.verificationEmail);
  const state = !token
    ? { status: 'invalid' as const }
    : verification.status === 'succeeded'
      ? { status: 'success' as const }
      : verification.status === 'failed'
        ? { status: 'error' as const, message: verification.message ?? 'Échec de la vérification de l’email' }
        : { status: 'loading' as const };

  useEffect(() => {
    if (token) dispatch(accountRequestsActions.emailVerificationRequested({ token }));
    return () => {
      dispatch(accountRequestsActions.requestCleared('emailVerification'));
      dispatch(accountRequestsActions.requestCleared('verificationEmail'));
    };
  }, [token, dispatch]);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => void navigate('/map'), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  const resendEmail = () => dispatch(accountRequestsActions.verificationEmailRequested());

  return (
    <main className="verify-email">
      <div className="verify-email__card" aria-live="polite">
        <p className="page__brand">Zonalyse</p>
        <h1 className="verify-email__title">Vérification de l’adresse e-mail</h1>
        {state.status === 'loading' ? (
          <p role="status" className="verify-email__status">
            <span className="spinner" aria-hidden="true" /> Vérification en cours…
          </p>
        ) : null}
        {state.status === 'success' ? (
          <div role="status" className="verify-email__status verify-email__status--success">
            <p>Votre adresse e-mail est vérifiée. Merci !</p>
            <p>Vous allez être redirigé vers la carte dans 3 secondes.</p>
          </div>
        ) : null}
        {state.status === 'error' || state.status === 'invalid' ? (
          <div role="alert" className="verify-email__status verify-email__status--error">
            <p>{state.status === 'invalid' ? 'Lien de vérification invalide ou manquant' : state.message}</p>
          </div>
        ) : null}
        {state.status === 'error' || state.status === 'invalid' ? (
          <div className="verify-email__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={resend.status === 'pending'}
              onClick={resendEmail}
            >
              {resend.status === 'pending' ? 'Envoi…' : 'Renvoyer l’e-mail de vérification'}
            </button>
            <Link to="/map" className="button">
              Retour à l’application
            </Link>
          </div>
        ) : null}
        {state.status === 'success' ? (
          <Link to="/map" className="button button--primary">
            Aller à la carte
          </Link>
        ) : null}
        {resend.message ? (
          <p
            role={resend.status === 'failed' ? 'alert' : 'status'}
            className={resend.status === 'failed' ? 'form__error' : 'form__success'}
          >
            {resend.message}
          </p>
        ) : null}
      </div>
    </main>
  );
}
