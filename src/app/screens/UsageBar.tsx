import { formatNumber } from '../../../kernel/format/formatFrench';
import { usageRatio, usageTone } from '../../../kernel/subscription/tiers';

/**
 * Usage bar: red at 90 % or more, yellow at 70 % or more, else purple (zones) or green (exports).
 * An unlimited quota (`limit` null) shows the count without a bar.
 */
export function UsageBar({
  label,
  used,
  limit,
  kind,
}: {
  label: string;
  used: number;
  limit: number | null;
  kind: 'zones' | 'exports';
}) {
  const tone = usageTone(used, limit);
  const percent = Math.round(usageRatio(used, limit) * 100);
  return (
    <div className="usage">
      <div className="usage__legend">
        <span>{label}</span>
        <span className="usage__figures">
          {limit === null ? `${formatNumber(used)} · illimité` : `${formatNumber(used)} / ${formatNumber(limit)}`}
        </span>
      </div>
      {limit === null ? null : (
        <div
          className={`usage__track usage__track--${tone === 'normal' ? kind : tone}`}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${formatNumber(used)} sur ${formatNumber(limit)}`}
        >
          <span className="usage__fill" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}
