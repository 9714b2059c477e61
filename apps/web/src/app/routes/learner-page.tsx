import { LearnerLayout } from '#src/app/layout/learner-layout.tsx';
import { useTitle } from '#src/lib/use-title.ts';

/** A signed-in learner page whose content arrives with a later issue (progress #8, profile #8, teachers #7, tutor #9, quizzes #6). */
export function LearnerPage({ title, intro }: { title: string; intro: string }) {
  useTitle(title);
  return (
    <LearnerLayout>
      <h1>{title}</h1>
      <p>{intro}</p>
    </LearnerLayout>
  );
}
