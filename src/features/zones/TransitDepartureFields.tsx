import { useId } from 'react';
import { parisDepartureTime, parisWallClock } from '../../../kernel/isochrones/transit/parisDeparture';

/** Departure windows offered (minutes; 0 = one departure). */
export const DEPARTURE_WINDOWS = [
  { minutes: 0, label: 'Aucune (un seul départ)' },
  { minutes: 30, label: '30 min' },
  { minutes: 60, label: '1 h' },
  { minutes: 120, label: '2 h' },
  { minutes: 180, label: '3 h' },
] as const;

export interface TransitDeparture {
  /** ISO 8601 with offset. */
  departureTime: string;
  departureWindowMinutes: number;
  departurePercentile: 50 | 90;
}

/**
 * Public transport: the departure's date and time (Europe/Paris), an optional window of departures every
 * minute, and whether the zone is the one reached in half or nine tenths of them.
 */
export function TransitDepartureFields({
  value,
  onChange,
}: {
  value: TransitDeparture;
  onChange: (changes: Partial<TransitDeparture>) => void;
}) {
  const id = useId();
  const { date, time } = parisWallClock(value.departureTime);
  const windowed = value.departureWindowMinutes > 0;
  return (
    <fieldset className="perimeter__fieldset">
      <legend>Départ (heure de Paris)</legend>
      <div className="perimeter__row">
        <div className="form__field">
          <label htmlFor={`${id}-date`}>Date de départ</label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            required
            onChange={(event) => {
              if (event.target.value) onChange({ departureTime: parisDepartureTime(event.target.value, time) });
            }}
          />
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-time`}>Heure de départ</label>
          <input
            id={`${id}-time`}
            type="time"
            step={60}
            value={time}
            required
            onChange={(event) => {
              if (event.target.value)
                onChange({ departureTime: parisDepartureTime(date, event.target.value.slice(0, 5)) });
            }}
          />
        </div>
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-window`}>Fenêtre de départ</label>
        <select
          id={`${id}-window`}
          value={value.departureWindowMinutes}
          onChange={(event) => onChange({ departureWindowMinutes: Number(event.target.value) })}
        >
          {DEPARTURE_WINDOWS.map((entry) => (
            <option key={entry.minutes} value={entry.minutes}>
              {entry.label}
            </option>
          ))}
        </select>
      </div>
      {windowed ? (
        <div className="perimeter__segmented" role="radiogroup" aria-label="Part des départs">
          {(
            [
              [50, 'Atteinte dans 50 % des départs (médiane)'],
              [90, 'Atteinte dans 90 % des départs'],
            ] as const
          ).map(([percentile, label]) => (
            <label key={percentile} className="perimeter__choice">
              <input
                type="radio"
                name={`${id}-percentile`}
                value={percentile}
                checked={value.departurePercentile === percentile}
                onChange={() => onChange({ departurePercentile: percentile })}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      ) : null}
      <p className="perimeter__hint">
        {windowed
          ? `Un départ chaque minute de ${time} à ${windowEnd(time, value.departureWindowMinutes)} : la zone est celle atteinte dans ${value.departurePercentile} % des départs.`
          : `Un seul départ à ${time}.`}
      </p>
    </fieldset>
  );
}

function windowEnd(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const total = (hours * 60 + mins + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
