import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { accountRequestsActions } from './accountRequestsSlice';

/**
 * 'Mot de passe oublié ?': sends the reset link to the address typed in the login form. The answer is
 * the same whether or not an account exists.
 */
export function ForgottenPasswordForm({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => root.accountRequests.passwordResetLink);
  useEffect(() => () => void dispatch(accountRequestsActions.requestCleared('passwordResetLink')), [dispatch]);
  const trimmed = email.trim();
  const send = () => dispatch(accountRequestsActions.passwordResetLinkRequested({ email: trimmed }));
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
      {state.status === 'succeeded' || state.status === 'failed' ? (
        <p className={state.status === 'failed' ? 'form__error' : 'form__success'} role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
