import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { apiKeysActions } from './apiKeysSlice';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
const shownDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'jamais');

/**
 * Pro offer: the REST API keys (`Authorization: Bearer zk_…`, described at /api/docs). A new key's
 * secret is shown once; only its prefix stays listed.
 */
export function ApiKeysSection() {
  const dispatch = useAppDispatch();
  const { status, keys, pending, error, created } = useAppSelector((state) => state.apiKeys);
  const [name, setName] = useState('');
  const id = useId();
  useEffect(() => {
    dispatch(apiKeysActions.apiKeysRequested());
  }, [dispatch]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    dispatch(apiKeysActions.apiKeyCreationRequested(trimmed));
    setName('');
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Clés d’API
      </h2>
      <p>
        L’API REST de Zonalyse (décrite sur <a href="/api/docs">/api/docs</a>) s’appelle avec l’en-tête{' '}
        <code>Authorization: Bearer zk_…</code>. Une clé n’est affichée qu’à sa création : copiez-la.
      </p>
      {created ? (
        <div className="api-keys__created" role="status">
          <p>Clé « {created.name} » créée. Copiez-la maintenant, elle ne sera plus affichée :</p>
          <code className="api-keys__secret" aria-label="Nouvelle clé d’API">
            {created.key}
          </code>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => dispatch(apiKeysActions.createdKeyDismissed())}
          >
            J’ai copié la clé
          </button>
        </div>
      ) : null}
      <form className="form form--inline" onSubmit={create} aria-busy={pending}>
        <div className="form__field">
          <label htmlFor={`${id}-name`}>Nom de la nouvelle clé</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={100}
            placeholder="Ex. : tableau de bord interne"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={pending || !name.trim()}>
          Créer une clé
        </button>
      </form>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      {status === 'loading' ? (
        <p role="status">Chargement des clés…</p>
      ) : keys.length === 0 ? (
        <p>Aucune clé active.</p>
      ) : (
        <table className="api-keys__table">
          <caption className="visually-hidden">Clés d’API actives</caption>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Début de la clé</th>
              <th scope="col">Créée le</th>
              <th scope="col">Dernière utilisation</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{shownDate(key.created_at)}</td>
                <td>{shownDate(key.last_used_at)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--danger"
                    disabled={pending}
                    aria-label={`Révoquer la clé ${key.name}`}
                    onClick={() => dispatch(apiKeysActions.apiKeyRevocationRequested(key.id))}
                  >
                    Révoquer
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
