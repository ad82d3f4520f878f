import { useState } from 'react';
import type { User } from './authApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PreferencesForm } from '../../app/shellComponents';
import { displayName, userInitial } from '../../../kernel/account/accountValidation';
import { Modal } from '../../ui/Modal';
import { Tabs } from '../../ui/Tabs';
import { authActions } from './authSlice';
import { ChangePasswordForm, EditProfileForm } from './ProfileForms';

type ProfileTab = 'profile' | 'settings';

const TABS = [
  { id: 'profile', label: 'Profil' },
  { id: 'settings', label: 'Paramètres' },
] as const;

/** Profile modal: 'Profil' and 'Paramètres' tabs. */
export function ProfileModal({ user, onClose }: { user: User; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const deleting = useAppSelector((state) => state.auth.deleting);
  const [tab, setTab] = useState<ProfileTab>('profile');
  const [confirmingDeletion, setConfirmingDeletion] = useState(false);
  const [editing, setEditing] = useState<'profile' | 'password' | null>(null);

  return (
    <Modal title="Mon compte" onClose={onClose}>
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Mon compte">
        {tab === 'profile' ? (
          <div className="profile">
            <div className="profile__identity">
              <span className="avatar avatar--large" aria-hidden="true">
                {userInitial(user.email)}
              </span>
              <div>
                <p className="profile__name">{displayName(user)}</p>
                <p className="profile__email">{user.email}</p>
                {user.isVerified ? (
                  <span className="badge badge--success">E-mail vérifié</span>
                ) : (
                  <span className="profile__unverified">
                    <span className="badge badge--warning">E-mail non vérifié</span>{' '}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => dispatch(authActions.verificationResendRequested())}
                    >
                      Renvoyer
                    </button>
                  </span>
                )}
              </div>
            </div>
            {!user.isVerified ? (
              <p className="form__notice">Vérifiez votre email pour accéder à toutes les fonctionnalités</p>
            ) : null}
            <div className="profile__actions">
              <button
                type="button"
                className="button"
                aria-expanded={editing === 'profile'}
                onClick={() => setEditing(editing === 'profile' ? null : 'profile')}
              >
                Modifier le profil
              </button>
              <button
                type="button"
                className="button"
                aria-expanded={editing === 'password'}
                onClick={() => setEditing(editing === 'password' ? null : 'password')}
              >
                Changer le mot de passe
              </button>
              <button type="button" className="button" onClick={() => dispatch(authActions.logoutRequested())}>
                Se déconnecter
              </button>
              <button type="button" className="button button--danger" onClick={() => setConfirmingDeletion(true)}>
                Supprimer mon compte
              </button>
            </div>
            {editing === 'profile' ? <EditProfileForm user={user} onDone={() => setEditing(null)} /> : null}
            {editing === 'password' ? <ChangePasswordForm onDone={() => setEditing(null)} /> : null}
          </div>
        ) : (
          <PreferencesForm headingLevel={3} />
        )}
      </Tabs>
      {confirmingDeletion ? (
        <Modal
          title="Supprimer votre compte ?"
          role="alertdialog"
          size="small"
          onClose={() => setConfirmingDeletion(false)}
          description="Cette action est irréversible : toutes vos données, vos zones et vos paramètres seront supprimés."
        >
          <div className="modal__actions">
            <button type="button" className="button" data-autofocus onClick={() => setConfirmingDeletion(false)}>
              Annuler
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={deleting}
              onClick={() => dispatch(authActions.accountDeletionRequested())}
            >
              {deleting ? 'Suppression…' : 'Supprimer définitivement'}
            </button>
          </div>
        </Modal>
      ) : null}
    </Modal>
  );
}
