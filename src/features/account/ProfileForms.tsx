import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../app/shellActions';
import { validateRegistration } from '../../../kernel/account/accountValidation';
import { authApi, type User } from './authApi';
import { authErrorMessage } from './authSaga';
import { authActions } from './authSlice';

/** 'Modifier le profil': first and last name. */
export function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setState({ pending: true });
    authApi.updateProfile({ first_name: firstName.trim() || null, last_name: lastName.trim() || null }).then(
      (updated) => {
        dispatch(authActions.sessionLoaded(updated));
        dispatch(toastShown({ type: 'success', title: 'Profil mis à jour' }));
        onDone();
      },
      (error: unknown) => setState({ pending: false, error: authErrorMessage(error) }),
    );
  };
  return (
    <form className="form profile__form" onSubmit={submit} aria-label="Modifier le profil" aria-busy={state.pending}>
      <div className="form__row">
        <div className="form__field">
          <label htmlFor={`${id}-first`}>Prénom</label>
          <input
            id={`${id}-first`}
            autoComplete="given-name"
            autoFocus
            value={firstName}
            maxLength={100}
            onChange={(event) => setFirstName(event.target.value)}
          />
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-last`}>Nom</label>
          <input
            id={`${id}-last`}
            autoComplete="family-name"
            value={lastName}
            maxLength={100}
            onChange={(event) => setLastName(event.target.value)}
          />
        </div>
      </div>
      {state.error ? (
        <p className="form__error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onDone}>
          Annuler
        </button>
        <button type="submit" className="button button--primary" disabled={state.pending}>
          {state.pending ? 'Enregistrement…' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}

/** 'Changer le mot de passe': current one, new one twice; the other sessions end. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: false });
  const check = () =>
    validateRegistration({ firstName: '', lastName: '', email: '', password: next, confirmPassword: confirm });
  const errors = submitted ? check() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = check();
    if (found.password || found.confirmPassword) return;
    setState({ pending: true });
    authApi.changePassword(current, next, confirm).then(
      (detail) => {
        dispatch(toastShown({ type: 'success', title: 'Mot de passe modifié', message: detail }));
        onDone();
      },
      (error: unknown) => setState({ pending: false, error: authErrorMessage(error) }),
    );
  };
  return (
    <form
      className="form profile__form"
      onSubmit={submit}
      noValidate
      aria-label="Changer le mot de passe"
      aria-busy={state.pending}
    >
      <div className="form__field">
        <label htmlFor={`${id}-current`}>Mot de passe actuel</label>
        <input
          id={`${id}-current`}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-next`}>Nouveau mot de passe</label>
        <input
          id={`${id}-next`}
          type="password"
          autoComplete="new-password"
          value={next}
          aria-invalid={errors.password ? true : undefined}
          onChange={(event) => setNext(event.target.value)}
        />
        {errors.password ? <p className="form__field-error">{errors.password}</p> : null}
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-confirm`}>Confirmer le nouveau mot de passe</label>
        <input
          id={`${id}-confirm`}
          type="password"
          autoComplete="new-password"
          value={confirm}
          aria-invalid={errors.confirmPassword ? true : undefined}
          onChange={(event) => setConfirm(event.target.value)}
        />
        {errors.confirmPassword ? <p className="form__field-error">{errors.confirmPassword}</p> : null}
      </div>
      {state.error ? (
        <p className="form__error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={onDone}>
          Annuler
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={state.pending || !current || !next || !confirm}
        >
          {state.pending ? 'Enregistrement…' : 'Changer le mot de passe'}
        </button>
      </div>
    </form>
  );
}
