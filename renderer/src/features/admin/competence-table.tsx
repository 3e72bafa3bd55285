/**
 * Annotator competence from MACE, under the agreement figures: one row per annotator, a column per estimated
 * scheme and their average, least trusted first (the ones to look at). Shown only when the project enables MACE.
 */
import type { MaceOverview } from '../../shared/api/types.js';
import { useAdminResource } from './admin-resource.js';
import { useUiText } from '../../shared/ui-text.js';

const fixed = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(2));

export function CompetenceTable() {
  const words = useUiText();
  const { data } = useAdminResource<MaceOverview>('/admin/api/mace/overview');
  if (!data?.enabled) return null;
  const schemes = data.schemas.map((s) => s.schema_name);
  const rows = Object.entries(data.annotator_competence).sort(
    ([a, x], [b, y]) => x.average - y.average || (a < b ? -1 : 1),
  );
  return (
    <>
      <h3 id="competence-title">{words.admin_section_competence}</h3>
      {rows.length === 0 ? (
        <p className="muted" data-testid="competence-none">
          {data.running ? words.admin_estimating : words.admin_not_estimated}
        </p>
      ) : (
        <table aria-labelledby="competence-title" data-testid="competence-table">
          <thead>
            <tr>
              <th scope="col">{words.admin_th_annotator}</th>
              {schemes.map((s) => (
                <th scope="col" key={s}>
                  {s}
                </th>
              ))}
              <th scope="col">{words.admin_th_average}</th>
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
      <p className="muted small">{words.admin_competence_help}</p>
    </>
  );
}
