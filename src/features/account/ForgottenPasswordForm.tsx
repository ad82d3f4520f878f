import { useState } from 'react';
import { authApi } from './authApi';
import { authErrorMessage } from './authSaga';

/**
 * 'Mot de passe oublié ?': sends the reset link to the address typed in the login form. The answer is
 * the same whether or not an account exists.
 */
export function ForgottenPasswordForm({ email }: { email: string }) {
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'sent' | 'error'; message?: string }>({
    status: 'idle',
  });
  const trimmed = email.trim();
  const send = () => {
    setState({ status: 'pending' });
    authApi.requestPasswordReset(trimmed).then(
      (detail) => setState({ status: 'sent', message: detail }),
      (error: unknown) => setState({ status: 'error', message: authErrorMessage(error) }),
    );
  };
  return (
    <div className="form__notice" role="region" aria-label="Mot de passe oublié">
      <p>
        {trimmed
          ? `Recevez un lien de réinitialisation à l’adresse ${trimmed}.`
          : 'Saisissez votre adresse e-mail ci-dessus pour recevoir un lien de réinitialisation.'}
      </p>
      <button type="button" className="button" disabled={!trimmed || state.status === 'pending'} onClick={send}>
        {state.status === 'pending' ? 'Envoi…' : 'Envoyer le lien de réinitialisation'}
      </button>
      {state.status === 'sent' || state.status === 'error' ? (
        <p className={state.status === 'error' ? 'form__error' : 'form__success'} role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
