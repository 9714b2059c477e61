import { MASTERY_BAND_LABELS, type ProgressRow } from '@vidya/contracts';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * The learner's skills practised in a period (SPEC §2 Progress). LEVEL shows the skill's mastery band in the words a
 * teacher or parent sees, "Not sure yet" while the evidence is thin.
 */
export function ProgressTable({ rows }: { rows: readonly ProgressRow[] }) {
  return (
    <div className="table-scroll">
      <table className="table progress-table">
        <caption className="visually-hidden">Skills practised in the period</caption>
        <thead>
          <tr>
            <th scope="col">ACTIVITY</th>
            <th scope="col">LEVEL</th>
            <th scope="col">CHANGE</th>
            <th scope="col">CORRECT/TOTAL PROBLEMS</th>
            <th scope="col">TIME (MIN)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.course}:${row.skillId}`}>
              <th scope="row">
                {row.skillName}
                <span className="muted"> · {row.courseTitle}</span>
              </th>
              <td>{MASTERY_BAND_LABELS[row.band]}</td>
              <td>{signed(row.change)}</td>
              <td>
                {row.correct}/{row.total}
              </td>
              <td>{row.minutes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
