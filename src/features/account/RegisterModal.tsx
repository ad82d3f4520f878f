import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  canSubmitRegistration,
  MIN_PASSWORD_LENGTH,
  registrationPayload,
  validateRegistration,
  type RegistrationForm,
} from '../../../kernel/account/accountValidation';
import { Modal } from '../../ui/Modal';
import { authActions } from './authSlice';

const EMPTY_FORM: RegistrationForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** 'Créer un compte': optional names, e-mail, password and confirmation. */
export function RegisterModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { pending, error, registration } = useAppSelector((state) => state.auth);
  const [form, setForm] = useState(EMPTY_FORM);
  const [submitted, setSubmitted] = useState(false);
  const id = useId();
  const errors = submitted ? validateRegistration(form) : {};
  const enabled = canSubmitRegistration(form, pending);

  const field = (name: keyof RegistrationForm) => ({
    id: `${id}-${name}`,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!enabled) return;
    const found = validateRegistration(form);
    if (found.password || found.confirmPassword) {
      document.getElementById(`${id}-${found.password ? 'password' : 'confirmPassword'}`)?.focus();
      return;
    }
    dispatch(authActions.registrationRequested(registrationPayload(form)));
  };

  if (registration) {
    return (
      <Modal title="Créer un compte" onClose={onClose} size="small">
        <div className="form" role="status">
          <p className="form__success">
            <strong>Vérifiez votre boîte mail.</strong>
          </p>
          <p>{`Un lien de confirmation a été envoyé à ${registration.email}. Ouvrez-le pour activer votre compte et vous connecter (le lien est valable 24 heures).`}</p>
          <p className="form__hint">
            Rien reçu ? Vérifiez les indésirables. Si un compte existe déjà pour cette adresse, le message vous indique
            comment vous connecter.
          </p>
          <button type="button" className="button button--primary button--block" data-autofocus onClick={onClose}>
            Fermer
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Créer un compte" onClose={onClose} size="small">
      <form className="form" onSubmit={submit} noValidate aria-busy={pending}>
        <div className="form__row">
          <div className="form__field">
            <label htmlFor={`${id}-firstName`}>
              Prénom <span className="form__optional">(facultatif)</span>
            </label>
            <input {...field('firstName')} autoComplete="given-name" data-autofocus />
          </div>
          <div className="form__field">
            <label htmlFor={`${id}-lastName`}>
              Nom <span className="form__optional">(facultatif)</span>
            </label>
            <input {...field('lastName')} autoComplete="family-name" />
          </div>
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-email`}>Adresse e-mail</label>
          <input {...field('email')} type="email" autoComplete="email" required />
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-password`}>Mot de passe</label>
          <input
            {...field('password')}
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={`${id}-password-hint`}
          />
          <p id={`${id}-password-hint`} className={errors.password ? 'form__field-error' : 'form__hint'}>
            {errors.password ?? `Au moins ${MIN_PASSWORD_LENGTH} caractères`}
          </p>
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-confirmPassword`}>Confirmer le mot de passe</label>
          <input
            {...field('confirmPassword')}
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={errors.confirmPassword ? `${id}-confirm-error` : undefined}
          />
          {errors.confirmPassword ? (
            <p id={`${id}-confirm-error`} className="form__field-error">
              {errors.confirmPassword}
            </p>
          ) : null}
        </div>
        <p className="form__notice">
          En créant un compte, vous acceptez les{' '}
          <Link to="/settings#conditions" onClick={onClose}>
            conditions d’utilisation
          </Link>{' '}
          et la{' '}
          <Link to="/settings#confidentialite" onClick={onClose}>
            politique de confidentialité
          </Link>
          .
        </p>
        {error ? (
          <p className="form__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={!enabled}>
          {pending ? 'Création du compte…' : 'Créer un compte'}
        </button>
      </form>
      <p className="modal__switch">
        Déjà un compte ?{' '}
        <button type="button" className="link-button" onClick={() => dispatch(authActions.authModalOpened('login'))}>
          Se connecter
        </button>
      </p>
    </Modal>
  );
}
