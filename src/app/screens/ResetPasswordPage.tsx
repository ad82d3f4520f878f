import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountRequestsActions } from '../../features/account/accountRequestsSlice';
import { authActions } from '../../features/account/authSlice';
import { validateRegistration, MIN_PASSWORD_LENGTH } from '../../../kernel/account/accountValidation';
import { useAppDispatch, useAppSelector } from '../hooks';

/** /reset-password?token=…: the page of the mailed reset link — a new password, twice. */
export default function ResetPasswordPage() {
  const [parameters] = useSearchParams();
  const token = parameters.get('token')?.trim() ?? '';
  const dispatch = useAppDispatch();
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const state = useAppSelector((root) => root.accountRequests.passwordReset);
  useEffect(() => () => void dispatch(accountRequestsActions.requestCleared('passwordReset')), [dispatch]);
  const errors = submitted
    ? validateRegistration({ firstName: '', lastName: '', email: '', password, confirmPassword })
    : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateRegistration({ firstName: '', lastName: '', email: '', password, confirmPassword });
    if (found.password || found.confirmPassword) return;
    dispatch(accountRequestsActions.passwordResetRequested({ token, password, confirmPassword }));
  };

  return (
    <main className="verify-email">
      <div className="verify-email__card" aria-live="polite">
        <p className="page__brand">Zonalyse</p>
        <h1 className="verify-email__title">Nouveau mot de passe</h1>
        {!token ? (
          <div role="alert" className="verify-email__status verify-email__status--error">
            <p>
              Lien de réinitialisation invalide ou manquant. Demandez un nouveau lien depuis « Mot de passe oublié ? ».
            </p>
          </div>
        ) : state.status === 'succeeded' ? (
          <div role="status" className="verify-email__status verify-email__status--success">
            <p>{state.message}</p>
          </div>
        ) : (
          <form className="form" onSubmit={submit} noValidate aria-busy={state.status === 'pending'}>
            <div className="form__field">
              <label htmlFor={`${id}-password`}>Nouveau mot de passe</label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="new-password"
                required
                autoFocus
                value={password}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={`${id}-password-hint`}
                onChange={(event) => setPassword(event.target.value)}
              />
              <p id={`${id}-password-hint`} className={errors.password ? 'form__field-error' : 'form__hint'}>
                {errors.password ?? `Au moins ${MIN_PASSWORD_LENGTH} caractères ; une longue phrase de passe convient.`}
              </p>
            </div>
            <div className="form__field">
              <label htmlFor={`${id}-confirm`}>Confirmer le mot de passe</label>
              <input
                id={`${id}-confirm`}
                type="password"
                autoComplete="new-password"
                required
                value={confirmPassword}
                aria-invalid={errors.confirmPassword ? true : undefined}
                onChange={(event) => setConfirmPassword(event.target.value)}
              />
              {errors.confirmPassword ? <p className="form__field-error">{errors.confirmPassword}</p> : null}
            </div>
            {state.status === 'failed' ? (
              <p className="form__error" role="alert">
                {state.message}
              </p>
            ) : null}
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={state.status === 'pending' || !password || !confirmPassword}
            >
              {state.status === 'pending' ? 'Enregistrement…' : 'Enregistrer le mot de passe'}
            </button>
          </form>
        )}
        <div className="verify-email__actions">
          <Link
            to="/map"
            className="button"
            onClick={() => {
              if (state.status === 'succeeded') dispatch(authActions.authModalOpened('login'));
            }}
          >
            {state.status === 'succeeded' ? 'Se connecter' : 'Retour à l’application'}
          </Link>
        </div>
      </div>
    </main>
  );
}
