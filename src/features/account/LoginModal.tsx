import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { canSubmitLogin } from '../../../kernel/account/accountValidation';
import { Modal } from '../../ui/Modal';
import { authActions } from './authSlice';
import { ForgottenPasswordForm } from './ForgottenPasswordForm';

/** 'Se connecter': e-mail, password, 'Mot de passe oublié ?', switch to registration. */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector((state) => state.auth);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgotten, setForgotten] = useState(false);
  const id = useId();
  const enabled = canSubmitLogin({ email, password }, pending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (enabled) dispatch(authActions.loginRequested({ email: email.trim(), password }));
  };

  return (
    <Modal title="Se connecter" onClose={onClose} size="small">
      <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
        <div className="form__field">
          <label htmlFor={`${id}-email`}>Adresse e-mail</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            data-autofocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-password`}>Mot de passe</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <button type="button" className="link-button form__aside" onClick={() => setForgotten(true)}>
          Mot de passe oublié ?
        </button>
        {forgotten ? <ForgottenPasswordForm email={email} /> : null}
        {error ? (
          <p className="form__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={!enabled}>
          {pending ? 'Connexion…' : 'Se connecter'}
        </button>
      </form>
      <p className="modal__switch">
        Pas encore de compte ?{' '}
        <button type="button" className="link-button" onClick={() => dispatch(authActions.authModalOpened('register'))}>
          Créer un compte
        </button>
      </p>
    </Modal>
  );
}
