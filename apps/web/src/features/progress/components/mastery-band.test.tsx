import type { LearnerProgress, MasteryBand, ProgressRow } from '@vidya/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressPanel } from '#src/features/guardians/index.ts';
import { ProgressTable } from './progress-table.tsx';

const row = (skillId: string, band: MasteryBand): ProgressRow => ({
  course: 'science',
  courseTitle: 'Science',
  skillId,
  skillName: `Skill ${skillId}`,
  level: 'Beginner',
  band,
  change: 4,
  correct: 1,
  total: 2,
  minutes: 1,
});

const progress = (skills: { id: string; band: MasteryBand }[]): LearnerProgress => ({
  learner: { id: 'l1', firstName: 'Asha', lastName: 'Rao', username: 'asha' },
  courses: [
    {
      course: { key: 'science', title: 'Science', subject: 'Science' },
      mastery: 40,
      skills: skills.map((s) => ({
        id: s.id,
        name: `Skill ${s.id}`,
        mastery: 40,
        band: s.band,
        attempts: 2,
      })),
    },
  ],
  recentQuizzes: [],
  minutesSpent: 3,
  quizzesThisWeek: 1,
  streakDays: 1,
  lastActiveAt: null,
});

/** The text of the level cell in the row headed by `skill`. */
function levelOf(skill: string, column: number): string {
  const cells = within(screen.getByRole('row', { name: new RegExp(skill) })).getAllByRole('cell');
  return cells[column]!.textContent ?? '';
}

describe('mastery bands', () => {
  it('shows the learner and a teacher or parent the same band, "Not sure yet" while evidence is thin', () => {
    const bands: [string, MasteryBand][] = [
      ['a', 'not sure yet'],
      ['b', 'getting there'],
      ['c', 'mastered'],
    ];
    const learnerView = render(<ProgressTable rows={bands.map(([id, band]) => row(id, band))} />);
    const learnerSees = bands.map(([id]) => levelOf(`Skill ${id}`, 0));
    learnerView.unmount();
    render(<ProgressPanel progress={progress(bands.map(([id, band]) => ({ id, band })))} />);
    const guardianSees = bands.map(([id]) => levelOf(`Skill ${id}`, 1));
    expect(learnerSees).toEqual(['Not sure yet', 'Getting there', 'Mastered']);
    expect(guardianSees).toEqual(learnerSees);
  });
});
