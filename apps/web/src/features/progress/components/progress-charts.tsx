import { courseDisplayName, type Progress } from '@vidya/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const COURSE_COLOURS: Record<string, string> = {
  mathematics: '#1d4ed8',
  science: '#15803d',
  english: '#b45309',
  social_science: '#7e22ce',
};

/** The two series of the daily chart; its legend and its table use the same names. */
const DAILY_SERIES = { correct: 'Correct', notCorrect: 'Not correct' } as const;

/** Legend text in the page's ink colour, not the series colour, so it stays readable beside a pale series. */
const legendLabel = (value: string) => <span className="chart-legend-label">{value}</span>;

/** Correct answers per day and mastery over time, each with a table for screen readers. */
export function ProgressCharts({ progress }: { progress: Progress }) {
  const dailyRows = progress.daily.map((d) => ({
    day: d.day,
    correct: d.correct,
    notCorrect: d.total - d.correct,
  }));
  const courses = [...new Set(progress.masteryOverTime.map((m) => m.course))];
  const days = [...new Set(progress.masteryOverTime.map((m) => m.day))];
  const masteryRows = days.map((day) => ({
    day,
    ...Object.fromEntries(
      progress.masteryOverTime.filter((m) => m.day === day).map((m) => [m.course, m.mastery]),
    ),
  })) as ({ day: string } & Record<string, number>)[];
  return (
    <div className="charts">
      <figure className="chart">
        <figcaption>Correct answers per day</figcaption>
        <div aria-hidden="true" className="chart-box">
          <ResponsiveContainer width="100%" height={240}>
            {/* One bar per day: its correct answers, with the rest of the day's answers stacked on top. */}
            <BarChart data={dailyRows} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend formatter={legendLabel} />
              <Bar dataKey="correct" name={DAILY_SERIES.correct} stackId="answers" fill="#15803d" />
              <Bar dataKey="notCorrect" name={DAILY_SERIES.notCorrect} stackId="answers" fill="#cbd5e1" />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <table className="visually-hidden">
          <caption>Correct answers per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{DAILY_SERIES.correct}</th>
              <th scope="col">{DAILY_SERIES.notCorrect}</th>
            </tr>
          </thead>
          <tbody>
            {dailyRows.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.correct}</td>
                <td>{d.notCorrect}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
      <figure className="chart">
        <figcaption>Mastery over time (percent of practised skills)</figcaption>
        <div aria-hidden="true" className="chart-box">
          <ResponsiveContainer width="100%" height={220}>
            <LineChart data={masteryRows} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis domain={[0, 100]} />
              <Tooltip />
              <Legend />
              {courses.map((course) => (
                <Line
                  key={course}
                  type="monotone"
                  dataKey={course}
                  name={courseDisplayName(course)}
                  stroke={COURSE_COLOURS[course]}
                  strokeWidth={2}
                  connectNulls
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
        <table className="visually-hidden">
          <caption>Mastery over time</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {courses.map((c) => (
                <th key={c} scope="col">
                  {courseDisplayName(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {masteryRows.map((row) => (
              <tr key={row.day}>
                <th scope="row">{row.day}</th>
                {courses.map((c) => (
                  <td key={c}>{row[c] === undefined ? '' : `${row[c]}%`}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </div>
  );
}
