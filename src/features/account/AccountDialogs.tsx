import { useAppSelector } from '../../app/hooks';
import { LoginModal } from './LoginModal';
import { ProfileModal } from './ProfileModal';
import { RegisterModal } from './RegisterModal';

/** The open account modal; the profile needs a signed-in user, else login is shown. */
export default function AccountDialogs({ onClose }: { onClose: () => void }) {
  const modal = useAppSelector((state) => state.auth.modal);
  const user = useAppSelector((state) => state.auth.user);
  if (modal === 'register') return <RegisterModal onClose={onClose} />;
  if (modal === 'profile' && user) return <ProfileModal user={user} onClose={onClose} />;
  if (modal) return <LoginModal onClose={onClose} />;
  return null;
}
