import { PERIOD_LABELS, PERIODS, type Period } from '@vidya/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LearnerLayout } from '#src/app/layout/learner-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useProgress } from '#src/features/progress/api/progress.ts';
import { ProgressTable } from '#src/features/progress/components/progress-table.tsx';
import { useTitle } from '#src/lib/use-title.ts';

// The charts library is large: load it only when there is something to draw.
const ProgressCharts = lazy(async () => ({
  default: (await import('#src/features/progress/components/progress-charts.tsx')).ProgressCharts,
}));

/** The learner's progress (SPEC §2 Progress), from their real answers. */
export function Component() {
  useTitle('Progress');
  const [period, setPeriod] = useState<Period>('7d');
  const progress = useProgress(period);
  return (
    <LearnerLayout>
      <h1>Progress</h1>
      <div className="period-selector" role="group" aria-label="Period">
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={`button ${p === period ? '' : 'button-secondary'}`}
            aria-pressed={p === period}
            onClick={() => setPeriod(p)}
          >
            {PERIOD_LABELS[p]}
          </button>
        ))}
      </div>
      {progress.isPending ? (
        <Spinner label="Loading progress" />
      ) : progress.isError ? (
        <div role="alert" className="form-error">
          <p>We could not load your progress.</p>
          <button type="button" className="button button-small" onClick={() => void progress.refetch()}>
            Try again
          </button>
        </div>
      ) : progress.data.rows.length === 0 ? (
        <div className="empty">
          <p>No practice in this period yet. Take a quiz and your progress shows here at once.</p>
          <Link className="button" to={paths.courses}>
            Take your first quiz
          </Link>
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {progress.data.totals.correct} of {progress.data.totals.total} answers correct in{' '}
            {progress.data.totals.quizzes} {progress.data.totals.quizzes === 1 ? 'quiz' : 'quizzes'},{' '}
            {progress.data.totals.minutes} minutes.
          </p>
          <ProgressTable rows={progress.data.rows} />
          <Suspense fallback={<Spinner label="Loading charts" />}>
            <ProgressCharts progress={progress.data} />
          </Suspense>
        </>
      )}
      <p className="muted">
        Your latest activity may take some time to show. Learn how Vidya measures progress on the{' '}
        <Link to={paths.aboutUs}>About us</Link> page.
      </p>
    </LearnerLayout>
  );
}
