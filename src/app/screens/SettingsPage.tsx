import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PreferencesForm } from '../settings/PreferencesForm';
import { PageShell } from './PageShell';

/** /settings: back to map, theme, language, e-mail notifications, legal section. */
export default function SettingsPage() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView({ block: 'start' });
      target.querySelector('summary')?.focus();
    }
  }, [hash]);
  return (
    <PageShell title="Paramètres" subtitle="Apparence, langue, notifications et données personnelles.">
      <PreferencesForm />
    </PageShell>
  );
}
