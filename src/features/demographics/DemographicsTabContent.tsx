import type { AggregatedDemographics, LabelledCount } from '../../../kernel/demographics/aggregateDemographics';
import { formatEuros, formatNumber, formatPercent, formatSquareKilometres } from '../../../kernel/format/formatFrench';
import { DemographicsChart } from './DemographicsChart';
import { FigureCard, FigureTable, Section, Unavailable } from './DemographicsBlocks';
import type { DemographicsTabId } from './demographicsTabs';

const share = (value: number | null) => (value === null ? null : value * 100);
const QUALITY_LABELS = { complete: 'Complète', partial: 'Partielle', low: 'Faible' } as const;

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
        <FigureCard label="Niveau de vie médian" value={formatEuros(revenue.median)} source={revenue} />
        <FigureCard
          label="Diplômés du supérieur"
          value={formatPercent(share(education.higher_education_share))}
          source={education}
        />
        <FigureCard
          label="Âge médian"
          value={population.median_age === null ? '—' : `${formatNumber(population.median_age, 1)} ans`}
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
            {
              label: 'Méthode',
              value:
                metadata.analysis_type === 'administrative' ? 'IRIS du territoire' : 'IRIS pondérés par la couverture',
            },
          ]}
        />
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
          </Section>
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
    <Section title="Composition des ménages" source={households}>
      <FigureTable
        caption="Composition des ménages"
        rows={[
          { label: 'Ménages', value: formatNumber(households.households) },
          { label: 'Personnes seules', value: formatNumber(households.single_person) },
          { label: 'Couples sans enfant', value: formatNumber(households.couples_without_children) },
          { label: 'Couples avec enfant(s)', value: formatNumber(households.couples_with_children) },
          { label: 'Familles monoparentales', value: formatNumber(households.single_parent) },
          { label: 'Taille moyenne', value: formatNumber(households.average_size, 2) },
        ]}
      />
    </Section>
  );
}

function Housing({ data }: { data: AggregatedDemographics }) {
  const { housing } = data;
  if (!housing.available) return <Unavailable source={housing} />;
  return (
    <Section title="Logements" source={housing}>
      <FigureTable
        caption="Logements"
        rows={[
          { label: 'Logements', value: formatNumber(housing.dwellings) },
          { label: 'Résidences principales', value: formatNumber(housing.main_residences) },
          { label: 'Résidences secondaires', value: formatNumber(housing.secondary_residences) },
          { label: 'Logements vacants', value: formatNumber(housing.vacant) },
          { label: 'Maisons', value: formatNumber(housing.houses) },
          { label: 'Appartements', value: formatNumber(housing.flats) },
          { label: 'Propriétaires', value: formatNumber(housing.owners) },
          { label: 'Locataires', value: formatNumber(housing.tenants) },
          { label: 'Locataires HLM', value: formatNumber(housing.social_tenants) },
        ]}
      />
    </Section>
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
        <FigureCard label="Niveau de vie médian" value={formatEuros(revenue.median)} source={revenue} />
        <FigureCard label="1er quartile" value={formatEuros(revenue.q1)} source={revenue} />
        <FigureCard label="3e quartile" value={formatEuros(revenue.q3)} source={revenue} />
        <FigureCard label="Taux de pauvreté" value={formatPercent(revenue.poverty_rate)} source={revenue} />
        <FigureCard
          label="Rapport interdécile D9/D1"
          value={formatNumber(revenue.interdecile_ratio, 1)}
          source={revenue}
        />
      </div>
      <Section title="Distribution du revenu disponible par UC (déciles)" source={revenue}>
        <DemographicsChart
          label="Distribution du revenu par déciles"
          categories={revenue.deciles.map((_, index) => `D${index + 1}`)}
          series={[{ name: '€ par UC et par an', values: revenue.deciles }]}
        />
        <p className="demographics-note">
          {revenue.deciles_approximated
            ? 'Déciles estimés à partir des quartiles (D1 = 0,8 × Q1, D2 = 0,9 × Q1…).'
            : 'Déciles publiés par l’INSEE.'}{' '}
          Médianes IRIS pondérées par la couverture ×{' '}
          {revenue.weighting === 'population_15_64' ? 'la population 15-64 ans' : 'le nombre de ménages'}.
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
        <Section title="Mode de transport domicile-travail" source={employment}>
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
