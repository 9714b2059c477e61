import type { CourseKey } from '@vidya/contracts';
import { LearnerLayout } from '#src/app/layout/learner-layout.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useEnrolments } from '#src/features/courses/api/courses.ts';
import { QuizScreen } from '#src/features/quiz/components/quiz-screen.tsx';
import { QUIZ_TEXTS } from '#src/features/quiz/components/quiz-texts.ts';
import { useTitle } from '#src/lib/use-title.ts';

/** A course's quiz page (/mathematics, /science, /english, /social_science). */
export function QuizPage({ course }: { course: CourseKey }) {
  useTitle(QUIZ_TEXTS[course].header);
  const enrolments = useEnrolments();
  return (
    <LearnerLayout>
      {enrolments.isPending ? (
        <Spinner />
      ) : enrolments.isError ? (
        <div role="alert" className="form-error">
          <p>We could not load your courses.</p>
          <button type="button" className="button button-small" onClick={() => void enrolments.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <QuizScreen course={course} isEnrolled={enrolments.data.some((e) => e.course.key === course)} />
      )}
    </LearnerLayout>
  );
}
