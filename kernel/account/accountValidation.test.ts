import { describe, expect, it } from 'vitest';
import {
  canSubmitLogin,
  canSubmitRegistration,
  displayName,
  registrationPayload,
  userInitial,
  validateRegistration,
} from './accountValidation';

const registration = {
  firstName: '',
  lastName: '',
  email: 'marie@exemple.fr',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('account validation', () => {
  it('enables login only with an e-mail and a password and nothing in flight', () => {
    expect(canSubmitLogin({ email: 'a@b.fr', password: 'x' }, false)).toBe(true);
    expect(canSubmitLogin({ email: '  ', password: 'x' }, false)).toBe(false);
    expect(canSubmitLogin({ email: 'a@b.fr', password: '' }, false)).toBe(false);
    expect(canSubmitLogin({ email: 'a@b.fr', password: 'x' }, true)).toBe(false);
  });

  it('requires e-mail, password and confirmation to register', () => {
    expect(canSubmitRegistration(registration, false)).toBe(true);
    expect(canSubmitRegistration({ ...registration, confirmPassword: '' }, false)).toBe(false);
    expect(canSubmitRegistration(registration, true)).toBe(false);
  });

  it('reports a short password and a mismatched confirmation with the French messages', () => {
    expect(validateRegistration(registration)).toEqual({});
    expect(validateRegistration({ ...registration, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
    expect(validateRegistration({ ...registration, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
    expect(validateRegistration({ ...registration, password: '123456' }).password).toBeUndefined();
  });

  it('sends the names only when they are filled in', () => {
    expect(registrationPayload({ ...registration, email: ' marie@exemple.fr ' })).toEqual({
      email: 'marie@exemple.fr',
      password: 'secret1',
    });
    expect(registrationPayload({ ...registration, firstName: ' Marie ', lastName: 'Curie' })).toEqual({
      email: 'marie@exemple.fr',
      password: 'secret1',
      first_name: 'Marie',
      last_name: 'Curie',
    });
  });

  it('shows the e-mail initial (default U) and the full name or e-mail prefix', () => {
    expect(userInitial('élodie@exemple.fr')).toBe('É');
    expect(userInitial(null)).toBe('U');
    expect(userInitial('')).toBe('U');
    expect(displayName({ email: 'marie@exemple.fr', firstName: 'Marie', lastName: 'Curie' })).toBe('Marie Curie');
    expect(displayName({ email: 'marie.curie@exemple.fr', firstName: '', lastName: null })).toBe('marie.curie');
  });
});
