/**
 * Annotator competence from MACE, under the agreement figures: one row per annotator, a column per estimated
 * scheme and their average, least trusted first (the ones to look at). Shown only when the project enables MACE.
 */
import type { MaceOverview } from '../../shared/api/types.js';
import { useAdminResource } from './admin-resource.js';

const fixed = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(2));

export function CompetenceTable() {
  const { data } = useAdminResource<MaceOverview>('/admin/api/mace/overview');
  if (!data?.enabled) return null;
  const schemes = data.schemas.map((s) => s.schema_name);
  const rows = Object.entries(data.annotator_competence).sort(
    ([a, x], [b, y]) => x.average - y.average || (a < b ? -1 : 1),
  );
  return (
    <>
      <h3 id="competence-title">Annotator competence (MACE)</h3>
      {rows.length === 0 ? (
        <p className="muted" data-testid="competence-none">
          {data.running ? 'Estimating…' : 'Not estimated yet: too few items have answers from enough annotators.'}
        </p>
      ) : (
        <table aria-labelledby="competence-title" data-testid="competence-table">
          <thead>
            <tr>
              <th scope="col">Annotator</th>
              {schemes.map((s) => (
                <th scope="col" key={s}>
                  {s}
                </th>
              ))}
              <th scope="col">Average</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([user, c]) => (
              <tr key={user}>
                <th scope="row">{user}</th>
                {schemes.map((s) => (
                  <td key={s}>{fixed(c.per_schema[s])}</td>
                ))}
                <td>{fixed(c.average)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">
        The probability that an annotator answers what they know rather than guesses, estimated from where they agree
        with the others.
      </p>
    </>
  );
}
