import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { validateRegistration } from '../../../kernel/account/accountValidation';
import type { User } from './authApi';
import { accountRequestsActions, type AccountRequest } from './accountRequestsSlice';

/** A form's request: its status, cleared when the form closes, `onDone` once it succeeded. */
function useAccountRequest(request: AccountRequest, onDone: () => void) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => root.accountRequests[request]);
  useEffect(() => () => void dispatch(accountRequestsActions.requestCleared(request)), [dispatch, request]);
  useEffect(() => {
    if (state.status === 'succeeded') onDone();
  }, [state.status, onDone]);
  return { pending: state.status === 'pending', error: state.status === 'failed' ? state.message : null };
}

/** 'Modifier le profil': first and last name. */
export function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const state = useAccountRequest('profileUpdate', onDone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(
      accountRequestsActions.profileUpdateRequested({
        first_name: firstName.trim() || null,
        last_name: lastName.trim() || null,
      }),
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
  const state = useAccountRequest('passwordChange', onDone);
  const check = () =>
    validateRegistration({ firstName: '', lastName: '', email: '', password: next, confirmPassword: confirm });
  const errors = submitted ? check() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = check();
    if (found.password || found.confirmPassword) return;
    dispatch(
      accountRequestsActions.passwordChangeRequested({
        currentPassword: current,
        newPassword: next,
        confirmPassword: confirm,
      }),
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
