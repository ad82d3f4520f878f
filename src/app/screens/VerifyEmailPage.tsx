import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { authApi } from '../../features/account/authApi';
import { authActions } from '../../features/account/authSlice';
import { useAppDispatch } from '../hooks';

/** After a successful verification, back to the map after 3 s. */
export const VERIFY_REDIRECT_MS = 3_000;

type VerificationState =
  { status: 'loading' } | { status: 'success' } | { status: 'error'; message: string } | { status: 'invalid' };

/** A token is verified once even if the page mounts twice (React strict mode): tokens are single-use. */
const verifications = new Map<string, Promise<unknown>>();

function verifyOnce(token: string): Promise<unknown> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = authApi.verifyEmail(token);
    verifications.set(token, verification);
  }
  return verification;
}

/** /verify-email (standalone): loading, success, error or invalid; resend or return. */
export default function VerifyEmailPage() {
  const [parameters] = useSearchParams();
  const token = parameters.get('token')?.trim() ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, setState] = useState<VerificationState>(token ? { status: 'loading' } : { status: 'invalid' });
  const [resend, setResend] = useState<{ pending: boolean; message?: string; failed?: boolean }>({ pending: false });

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyOnce(token).then(
      async () => {
        if (!active) return;
        setState({ status: 'success' });
        dispatch(authActions.emailVerified());
        const user = await authApi.me().catch(() => null);
        if (active && user) dispatch(authActions.sessionLoaded(user));
      },
      (error: unknown) => {
        if (!active) return;
        setState({
          status: 'error',
          message: error instanceof ApiError && error.message ? error.message : 'Échec de la vérification de l’email',
        });
      },
    );
    return () => {
      active = false;
    };
  }, [token, dispatch]);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => void navigate('/map'), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  const resendEmail = async () => {
    setResend({ pending: true });
    try {
      await authApi.resendVerification();
      setResend({ pending: false, message: 'Email de vérification renvoyé avec succès !' });
    } catch (error) {
      setResend({
        pending: false,
        failed: true,
        message: error instanceof ApiError ? error.message : 'Erreur lors de l’envoi de l’email',
      });
    }
  };

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
              disabled={resend.pending}
              onClick={() => void resendEmail()}
            >
              {resend.pending ? 'Envoi…' : 'Renvoyer l’e-mail de vérification'}
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
          <p role={resend.failed ? 'alert' : 'status'} className={resend.failed ? 'form__error' : 'form__success'}>
            {resend.message}
          </p>
        ) : null}
      </div>
    </main>
  );
}
