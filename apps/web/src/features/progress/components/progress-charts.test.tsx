import type { Progress } from '@vidya/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressCharts } from './progress-charts.tsx';

const progress: Progress = {
  period: '7d',
  timeZone: 'Asia/Kolkata',
  rows: [],
  daily: [
    { day: '2026-01-05', correct: 3, total: 5 },
    { day: '2026-01-06', correct: 5, total: 5 },
  ],
  masteryOverTime: [{ day: '2026-01-06', course: 'science', mastery: 40 }],
  totals: { correct: 8, total: 10, minutes: 6, quizzes: 2 },
};

describe('ProgressCharts', () => {
  it('gives the daily chart a table with the same two series: correct and not correct', () => {
    render(<ProgressCharts progress={progress} />);
    const table = screen.getByRole('table', { name: 'Correct answers per day' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Day',
      'Correct',
      'Not correct',
    ]);
    const cells = (day: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${day}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('2026-01-05')).toEqual(['3', '2']);
    expect(cells('2026-01-06')).toEqual(['5', '0']);
  });
});
