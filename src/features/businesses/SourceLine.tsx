/** Where an establishment comes from: source and vintage, and the demo label of synthetic rows. */
export function SourceLine({
  sourceLabel,
  vintage,
  demo,
  alsoIn = [],
}: {
  sourceLabel: string;
  vintage: string | null;
  demo: boolean;
  alsoIn?: readonly { source_label: string }[];
}) {
  if (demo) {
    return (
      <span className="biz-demo" title="Placé à partir des comptages BPE, ce n’est pas un établissement réel">
        établissement de démonstration
      </span>
    );
  }
  return (
    <span className="biz-source">
      Source : {sourceLabel}
      {vintage ? ` · ${vintage}` : ''}
      {alsoIn.length ? ` · aussi dans ${alsoIn.map((other) => other.source_label).join(', ')}` : ''}
    </span>
  );
}
