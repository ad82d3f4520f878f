import type { AggregatedDemographics, LabelledCount } from '../../../kernel/demographics/aggregateDemographics';
import { formatEuros, formatNumber, formatPercent, formatSquareKilometres } from '../../../kernel/format/formatFrench';
import { DemographicsChart } from './DemographicsChart';
import { FigureCard, FigureTable, Section, Unavailable } from './DemographicsBlocks';
import type { DemographicsTabId } from './demographicsTabs';

const share = (value: number | null) => (value === null ? null : value * 100);
const QUALITY_LABELS = { complete: 'Complète', partial: 'Partielle', low: 'Faible' } as const;
const IRIS_TYPE_NAMES: Readonly<Record<string, string>> = { A: 'd’activité', D: 'divers', H: 'd’habitat', Z: 'commune' };

/** Labelled counts with their share of a total, for the composition tables. */
const shareRows = (rows: { label: string; value: number | null }[], total: number | null) =>
  rows.map((row) => ({
    label: row.label,
    value: `${formatNumber(row.value)} · ${formatPercent(total && row.value !== null ? (row.value / total) * 100 : null)}`,
  }));

/** The median income card: a published commune median, or an estimate labelled as such with its method. */
function MedianIncomeCard({ revenue }: { revenue: AggregatedDemographics['revenue'] }) {
  return (
    <FigureCard
      label={
        revenue.method === 'iris-estimate' && revenue.median !== null
          ? 'Niveau de vie médian (estimation)'
          : 'Niveau de vie médian'
      }
      value={formatEuros(revenue.median)}
      source={revenue}
      note={revenue.median === null ? undefined : revenue.method_label}
    />
  );
}

const countRows = (rows: LabelledCount[]) => rows.map((row) => ({ label: row.label, value: formatNumber(row.value) }));

function Overview({ data }: { data: AggregatedDemographics }) {
  const { population, employment, revenue, unemployment, education, analysis_metadata: metadata } = data;
  return (
    <>
      <div className="figure-grid">
        <FigureCard
          label="Population"
          value={formatNumber(population.total)}
          {...(population.available ? { source: population } : {})}
        />
        <FigureCard
          label="Âge médian"
          value={population.median_age === null ? '—' : `${formatNumber(population.median_age, 1)} ans`}
          {...(population.available ? { source: population } : {})}
        />
        <FigureCard
          label="Densité"
          value={population.density_per_km2 === null ? '—' : `${formatNumber(population.density_per_km2)} hab./km²`}
          {...(population.available ? { source: population } : {})}
        />
        <FigureCard
          label="Population 15-64 ans"
          value={formatNumber(population.population_15_64)}
          source={population.working_age_source}
        />
        <FigureCard label="Actifs 15-64 ans" value={formatNumber(employment.active_15_64)} source={employment} />
        <FigureCard
          label="Taux d’activité"
          value={formatPercent(share(employment.activity_rate))}
          source={employment}
        />
        <FigureCard
          label="Taux de chômage"
          value={formatPercent(share(unemployment.unemployment_rate))}
          source={unemployment}
        />
        <MedianIncomeCard revenue={revenue} />
        <FigureCard
          label="Diplômés du supérieur"
          value={formatPercent(share(education.higher_education_share))}
          source={education}
        />
      </div>
      <Section title="Couverture de l’analyse">
        <FigureTable
          caption="Couverture de l’analyse"
          rows={[
            { label: 'Zones IRIS', value: formatNumber(metadata.iris_zones_count) },
            { label: 'Surface de la zone', value: formatSquareKilometres(metadata.zone_area_km2) },
            { label: 'Surface IRIS couverte', value: formatSquareKilometres(metadata.total_coverage_area_km2) },
            { label: 'Qualité de couverture', value: QUALITY_LABELS[metadata.coverage_quality] },
            { label: 'Indice de confiance', value: formatPercent(metadata.average_confidence_score, 2) },
            ...(metadata.iris_without_population.count > 0
              ? [
                  {
                    label: 'IRIS sans population recensée',
                    value: `${formatNumber(metadata.iris_without_population.count)} (${metadata.iris_without_population.by_type
                      .map((entry) => `${formatNumber(entry.count)} ${IRIS_TYPE_NAMES[entry.type] ?? `de type ${entry.type}`}`)
                      .join(', ')})`,
                  },
                ]
              : []),
            {
              label: 'Méthode',
              value:
                metadata.analysis_type === 'administrative' ? 'IRIS du territoire' : 'IRIS pondérés par la couverture',
            },
          ]}
        />
        {metadata.iris_without_population.count > 0 ? (
          <p className="demographics-note">
            Les IRIS d’activité (A) et divers (D) — zones d’emploi, parcs, bois — n’ont pas de population dans les
            bases du recensement chargées (IRIS d’habitat seulement) : leurs habitants éventuels ne sont pas comptés.
          </p>
        ) : null}
        <ul className="source-list">
          {metadata.data_sources.map((source) => (
            <li key={source}>{source}</li>
          ))}
          {metadata.missing_bases.map((base) => (
            <li key={base.base} className="source-list__missing">{`${base.label} — non chargée`}</li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function Population({ data }: { data: AggregatedDemographics }) {
  const { population } = data;
  const working = population.working_age_source;
  const bySex = population.pyramid.length > 0;
  return (
    <>
      {population.available ? (
        <>
          <div className="figure-grid">
            <FigureCard label="Population" value={formatNumber(population.total)} source={population} />
            <FigureCard
              label="Densité"
              value={`${formatNumber(population.density_per_km2)} hab./km²`}
              source={population}
            />
            <FigureCard
              label="Âge médian"
              value={`${formatNumber(population.median_age, 1)} ans`}
              source={population}
            />
            <FigureCard
              label="Âge moyen"
              value={`${formatNumber(population.average_age, 1)} ans`}
              source={population}
            />
            <FigureCard
              label="Indice de vieillissement"
              value={formatNumber(population.ageing_index, 1)}
              source={population}
            />
          </div>
          <Section title="Pyramide des âges" source={population}>
            {bySex ? (
              <DemographicsChart
                label="Pyramide des âges"
                horizontal
                mirrored
                categories={population.pyramid.map((band) => band.label)}
                series={[
                  { name: 'Hommes', values: population.pyramid.map((band) => band.men) },
                  { name: 'Femmes', values: population.pyramid.map((band) => band.women) },
                ]}
              />
            ) : (
              <DemographicsChart
                label="Pyramide des âges, hommes et femmes ensemble"
                horizontal
                pyramid
                categories={population.age_bands.map((band) => band.label)}
                series={[{ name: 'Habitants', values: population.age_bands.map((band) => band.value) }]}
              />
            )}
            <FigureTable caption="Population par tranche d’âge" rows={shareRows(population.age_bands, population.total)} />
            <p className="demographics-note">
              {bySex ? null : 'Hommes et femmes ensemble : la répartition par sexe n’est pas dans le fichier chargé. '}
              {population.age_method}
            </p>
          </Section>
          {population.population_15p !== null ? (
            <Section title="Catégories socioprofessionnelles des 15 ans ou plus" source={population}>
              <DemographicsChart
                label="Catégories socioprofessionnelles des 15 ans ou plus"
                horizontal
                categories={population.socio_professional_15p.map((group) => group.label)}
                series={[
                  { name: 'Personnes de 15 ans ou plus', values: population.socio_professional_15p.map((group) => group.value) },
                ]}
                height={240}
              />
              <FigureTable
                caption="Catégories socioprofessionnelles des 15 ans ou plus"
                rows={shareRows(population.socio_professional_15p, population.population_15p)}
              />
            </Section>
          ) : null}
        </>
      ) : (
        <Unavailable source={population} />
      )}
      <Section title="Population de 15 à 64 ans par âge" source={working}>
        {working.available ? (
          <>
            <DemographicsChart
              label="Population de 15 à 64 ans par âge"
              categories={population.working_age_bands.map((band) => band.label)}
              series={[{ name: 'Population', values: population.working_age_bands.map((band) => band.value) }]}
              height={180}
            />
            <FigureTable caption="Population de 15 à 64 ans par âge" rows={countRows(population.working_age_bands)} />
          </>
        ) : (
          <Unavailable source={working} />
        )}
      </Section>
    </>
  );
}

function Households({ data }: { data: AggregatedDemographics }) {
  const { households } = data;
  if (!households.available) return <Unavailable source={households} />;
  return (
    <>
      <div className="figure-grid">
        <FigureCard label="Personnes des ménages" value={formatNumber(households.persons)} source={households} />
        <FigureCard
          label="Ménages d’une personne"
          value={formatNumber(households.single_person)}
          source={households}
        />
        {households.households !== null ? (
          <FigureCard label="Ménages" value={formatNumber(households.households)} source={households} />
        ) : null}
        {households.average_size !== null ? (
          <FigureCard label="Taille moyenne" value={formatNumber(households.average_size, 2)} source={households} />
        ) : null}
      </div>
      <Section title="Composition des ménages (part des personnes)" source={households}>
        <DemographicsChart
          label="Composition des ménages, en part des personnes"
          horizontal
          percent
          categories={households.persons_by_type.map((type) => type.label)}
          series={[{ name: 'Part des personnes', values: households.persons_by_type.map((type) => type.share) }]}
          height={200}
        />
        <FigureTable
          caption="Personnes des ménages par type de ménage"
          rows={households.persons_by_type.map((type) => ({
            label: type.label,
            value: `${formatNumber(type.persons)} · ${formatPercent(share(type.share))}`,
          }))}
        />
        <p className="demographics-note">
          Parts des personnes vivant en ménage ordinaire selon le type de leur ménage — et non parts des ménages : un
          couple avec deux enfants compte pour quatre personnes. Les personnes vivant seules sont aussi les ménages
          d’une personne.
        </p>
      </Section>
    </>
  );
}

function Housing({ data }: { data: AggregatedDemographics }) {
  const { housing } = data;
  if (!housing.available) return <Unavailable source={housing} />;
  const base =
    housing.share_base === 'houses_and_flats'
      ? 'Parts des résidences principales en maison ou en appartement (les autres — chambres d’hôtel, habitations de fortune — ne sont pas publiées dans le fichier chargé).'
      : 'Parts de l’ensemble des résidences principales.';
  const optional = [
    { label: 'Logements', value: housing.dwellings },
    { label: 'Résidences secondaires', value: housing.secondary_residences },
    { label: 'Logements vacants', value: housing.vacant },
    { label: 'Propriétaires', value: housing.owners },
    { label: 'Locataires', value: housing.tenants },
  ].filter((row) => row.value !== null);
  return (
    <>
      <div className="figure-grid">
        <FigureCard
          label={
            housing.main_residences === null ? 'Résidences principales (maisons et appartements)' : 'Résidences principales'
          }
          value={formatNumber(housing.main_residences ?? housing.share_denominator)}
          source={housing}
        />
        <FigureCard label="Appartements" value={formatPercent(share(housing.flat_share))} source={housing} />
        <FigureCard label="Maisons" value={formatPercent(share(housing.house_share))} source={housing} />
        <FigureCard
          label="Locataires HLM"
          value={formatPercent(share(housing.social_tenant_share))}
          source={housing}
        />
      </div>
      <Section title="Résidences principales" source={housing}>
        <DemographicsChart
          label="Résidences principales : maisons, appartements, locataires HLM"
          horizontal
          percent
          categories={['Appartements', 'Maisons', 'Locataires HLM']}
          series={[
            {
              name: 'Part des résidences principales',
              values: [housing.flat_share, housing.house_share, housing.social_tenant_share],
            },
          ]}
          height={160}
        />
        <FigureTable
          caption="Résidences principales"
          rows={[
            { label: 'Appartements', value: formatNumber(housing.main_residence_flats) },
            { label: 'Maisons', value: formatNumber(housing.main_residence_houses) },
            { label: 'Locataires d’un logement HLM', value: formatNumber(housing.social_tenants) },
            ...optional.map((row) => ({ label: row.label, value: formatNumber(row.value) })),
          ]}
        />
        <p className="demographics-note">{base}</p>
      </Section>
    </>
  );
}

function Education({ data }: { data: AggregatedDemographics }) {
  const { education, employment } = data;
  return (
    <>
      {education.available ? (
        <Section title="Diplôme le plus élevé (15 ans ou plus non scolarisés)" source={education}>
          <DemographicsChart
            label="Diplôme le plus élevé"
            horizontal
            categories={education.diplomas.map((level) => level.label)}
            series={[{ name: 'Personnes', values: education.diplomas.map((level) => level.value) }]}
            height={200}
          />
          <FigureTable
            caption="Scolarisation par âge"
            rows={[
              { label: 'Non scolarisés de 15 ans ou plus', value: formatNumber(education.out_of_school_15p) },
              {
                label: 'Part des diplômés du supérieur',
                value: formatPercent(share(education.higher_education_share)),
              },
              { label: 'Part sans diplôme', value: formatPercent(share(education.no_diploma_share)) },
              ...education.schooling_rates.map((band) => ({
                label: `Taux de scolarisation ${band.label}`,
                value: formatPercent(share(band.value)),
              })),
            ]}
          />
        </Section>
      ) : (
        <Unavailable source={education} />
      )}
      {employment.available ? (
        <Section title="Catégories socioprofessionnelles des actifs" source={employment}>
          <DemographicsChart
            label="Catégories socioprofessionnelles des actifs"
            horizontal
            categories={employment.socio_professional.map((group) => group.label)}
            series={[{ name: 'Actifs 15-64 ans', values: employment.socio_professional.map((group) => group.value) }]}
            height={220}
          />
          <FigureTable caption="Catégories socioprofessionnelles" rows={countRows(employment.socio_professional)} />
        </Section>
      ) : (
        <Unavailable source={employment} />
      )}
    </>
  );
}

function Revenue({ data }: { data: AggregatedDemographics }) {
  const { revenue } = data;
  if (!revenue.available) return <Unavailable source={revenue} />;
  return (
    <>
      <div className="figure-grid">
        <MedianIncomeCard revenue={revenue} />
        <FigureCard label="1er quartile (estimation IRIS)" value={formatEuros(revenue.q1)} source={revenue} />
        <FigureCard label="3e quartile (estimation IRIS)" value={formatEuros(revenue.q3)} source={revenue} />
        <FigureCard
          label="Taux de pauvreté"
          value={formatPercent(revenue.poverty_rate)}
          source={{ ...revenue, vintage_label: revenue.poverty_vintage_label }}
        />
        <FigureCard
          label="Rapport interdécile D9/D1"
          value={formatNumber(revenue.interdecile_ratio, 1)}
          source={{ ...revenue, vintage_label: revenue.distribution_vintage_label }}
        />
      </div>
      <Section
        title="Distribution du revenu disponible par UC (déciles)"
        source={{ ...revenue, vintage_label: revenue.distribution_vintage_label }}
      >
        <DemographicsChart
          label="Distribution du revenu par déciles"
          categories={revenue.deciles.map((_, index) => `D${index + 1}`)}
          series={[{ name: '€ par UC et par an', values: revenue.deciles }]}
        />
        <p className="demographics-note">
          {revenue.deciles_approximated
            ? 'Déciles estimés à partir des quartiles (D1 = 0,8 × Q1, D2 = 0,9 × Q1…).'
            : 'Déciles publiés par l’INSEE par IRIS.'}{' '}
          {revenue.method === 'commune'
            ? 'D1 et D9 publiés pour la commune ; les autres déciles sont des moyennes des déciles IRIS pondérées.'
            : 'Moyennes des déciles IRIS pondérées (estimation, pas une distribution publiée).'}
        </p>
      </Section>
    </>
  );
}

function Activity({ data }: { data: AggregatedDemographics }) {
  const { employment, unemployment } = data;
  if (!employment.available) return <Unavailable source={employment} />;
  return (
    <>
      <div className="figure-grid">
        <FigureCard
          label="Taux d’activité"
          value={formatPercent(share(employment.activity_rate))}
          source={employment}
        />
        <FigureCard
          label="Taux d’emploi"
          value={formatPercent(share(employment.employment_rate))}
          source={employment}
        />
        <FigureCard
          label="Taux de chômage"
          value={formatPercent(share(unemployment.unemployment_rate))}
          source={unemployment}
        />
        <FigureCard
          label="Chômeurs 15-64 ans"
          value={formatNumber(unemployment.unemployed_15_64)}
          source={unemployment}
        />
      </div>
      <Section title="Taux d’activité et d’emploi par âge" source={employment}>
        <DemographicsChart
          label="Taux d’activité et d’emploi par âge"
          percent
          categories={employment.activity_rates_by_age.map((band) => band.label)}
          series={[
            { name: 'Taux d’activité', values: employment.activity_rates_by_age.map((band) => band.activity_rate) },
            { name: 'Taux d’emploi', values: employment.activity_rates_by_age.map((band) => band.employment_rate) },
          ]}
        />
      </Section>
      <Section title="Population de 15 à 64 ans par statut" source={employment}>
        <FigureTable
          caption="Population de 15 à 64 ans par statut"
          rows={[
            { label: 'Actifs occupés', value: formatNumber(employment.employed_15_64) },
            { label: 'Chômeurs', value: formatNumber(employment.unemployed_15_64) },
            { label: 'Inactifs', value: formatNumber(employment.inactive_15_64) },
            { label: 'Élèves, étudiants', value: formatNumber(employment.students_15_64) },
            { label: 'Retraités', value: formatNumber(employment.retired_15_64) },
            { label: 'Autres inactifs', value: formatNumber(employment.other_inactive_15_64) },
            ...unemployment.rates_by_age.map((band) => ({
              label: `Taux de chômage ${band.label}`,
              value: formatPercent(share(band.value)),
            })),
          ]}
        />
      </Section>
      {employment.commuting.length > 0 ? (
        <Section
          title="Mode de transport domicile-travail"
          source={{ ...employment, vintage_label: employment.commuting_vintage_label }}
        >
          <FigureTable caption="Mode de transport domicile-travail" rows={countRows(employment.commuting)} />
        </Section>
      ) : null}
    </>
  );
}

function JobSeekers({ data }: { data: AggregatedDemographics }) {
  const seekers = data.unemployment.job_seekers;
  if (!seekers.available) {
    return (
      <div className="empty-state empty-state--warning" role="status">
        <p className="empty-state__title">Données non disponibles pour ce territoire</p>
        <p className="empty-state__message">
          Base manquante : demandeurs d’emploi inscrits à France Travail ({seekers.year}) par commune.
        </p>
      </div>
    );
  }
  return (
    <Section title={`Demandeurs d’emploi inscrits à France Travail — ${seekers.period ?? seekers.year}`}>
      <span className="source-tag">{`France Travail ${seekers.period ?? seekers.year}`}</span>
      <FigureTable caption="Demandeurs d’emploi par catégorie" rows={countRows(seekers.categories)} />
      <p className="demographics-note">
        Effectifs communaux répartis selon la part de la population 15-64 ans de chaque commune située dans la zone.
      </p>
    </Section>
  );
}

/** The content of one tab for one zone's aggregated figures (the comparisons tab is separate). */
export function DemographicsTabContent({
  tab,
  data,
}: {
  tab: Exclude<DemographicsTabId, 'comparisons'>;
  data: AggregatedDemographics;
}) {
  switch (tab) {
    case 'overview':
      return <Overview data={data} />;
    case 'population':
      return <Population data={data} />;
    case 'household-composition':
      return <Households data={data} />;
    case 'households-housing':
      return <Housing data={data} />;
    case 'employment-education':
      return <Education data={data} />;
    case 'revenue':
      return <Revenue data={data} />;
    case 'unemployment':
      return <Activity data={data} />;
    case 'job-seekers':
      return <JobSeekers data={data} />;
  }
}
