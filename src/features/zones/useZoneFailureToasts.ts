import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../app/shellActions';
import { addFailedMessage } from '../../../kernel/zones/administrativeZone';
import type { AdministrativeLevel } from '../../../kernel/zones/Zone';

const LEVELS: readonly AdministrativeLevel[] = ['region', 'department', 'commune', 'iris'];

/** Tells the user when the server refused a zone (the store has already removed it). */
export function useZoneFailureToasts(): void {
  const dispatch = useAppDispatch();
  const failure = useAppSelector((state) => state.zones.lastFailure);
  const shown = useRef(failure?.sequence ?? 0);
  useEffect(() => {
    if (!failure || failure.sequence <= shown.current) return;
    shown.current = failure.sequence;
    const level = LEVELS.find((candidate) => failure.zoneId.startsWith(`${candidate}-`));
    dispatch(
      toastShown({
        type: 'error',
        title: level ? addFailedMessage(level) : 'Erreur lors de la création de la zone. Veuillez réessayer.',
        message: failure.message,
      }),
    );
  }, [dispatch, failure]);
}
