import {
  toPercent,
  type CourseKey,
  type Level,
  type MasteryBand,
  type Period,
  type Progress,
  type ProgressRow,
} from '@vidya/contracts';
import { dayKey, daysBefore, startOfDay } from './days.ts';

const PERIOD_DAYS: Record<Period, number | null> = { '7d': 7, '30d': 30, all: null };

/** The engine's mastery band as the progress table's level. */
export function levelOf(band: MasteryBand): Level {
  switch (band) {
    case 'mastered':
      return 'Mastered';
    case 'getting there':
      return 'Proficient';
    case 'needs practice':
      return 'Developing';
    default:
      return 'Beginner';
  }
}

/**
 * When a period starts (null: all time): the start of the learner's day `n - 1` days before today, so "Last 7 days"
 * is today and the six days before it, in the learner's time zone.
 */
export function periodStart(period: Period, now: Date, timeZone: string): Date | null {
  const days = PERIOD_DAYS[period];
  return days === null ? null : startOfDay(daysBefore(dayKey(now, timeZone), days - 1), timeZone);
}

export interface AttemptFact {
  course: CourseKey;
  skillId: string;
  correct: boolean;
  masteryBefore: number;
  masteryAfter: number;
  firstOfSkill: boolean;
  responseMs: number;
  createdAt: Date;
}

export interface ProgressInput {
  period: Period;
  timeZone: string;
  now: Date;
  /** Every attempt of the learner, oldest first (earlier ones set the baseline of the period). */
  attempts: AttemptFact[];
  /** Current band per `<course>:<skill>`. */
  bands: Map<string, MasteryBand>;
  skillNames: Map<string, string>;
  courseTitles: Map<string, string>;
  quizzesInPeriod: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The progress page's figures for a period, from the attempts (pure). */
export function computeProgress(input: ProgressInput): Omit<Progress, 'period' | 'timeZone'> {
  const start = periodStart(input.period, input.now, input.timeZone);
  const inPeriod = (a: AttemptFact) => start === null || a.createdAt >= start;
  const rows = new Map<string, ProgressRow & { baseline: number; last: number }>();
  const daily = new Map<string, { correct: number; total: number }>();
  const mastery = new Map<CourseKey, Map<string, number>>();
  const masteryOverTime: Progress['masteryOverTime'] = [];
  let previousDay: string | null = null;
  const snapshot = (day: string) => {
    for (const [course, skills] of mastery) {
      const values = [...skills.values()];
      masteryOverTime.push({
        day,
        course,
        mastery: toPercent(values.reduce((a, b) => a + b, 0) / values.length),
      });
    }
  };

  for (const a of input.attempts) {
    if (inPeriod(a)) {
      const day = dayKey(a.createdAt, input.timeZone);
      if (previousDay !== null && day !== previousDay) snapshot(previousDay);
      previousDay = day;
      const key = `${a.course}:${a.skillId}`;
      const row = rows.get(key) ?? {
        course: a.course,
        courseTitle: input.courseTitles.get(a.course) ?? a.course,
        skillId: a.skillId,
        skillName: input.skillNames.get(key) ?? a.skillId,
        level: levelOf(input.bands.get(key) ?? 'not started'),
        band: input.bands.get(key) ?? 'not started',
        change: 0,
        correct: 0,
        total: 0,
        minutes: 0,
        baseline: a.firstOfSkill ? 0 : a.masteryBefore,
        last: a.masteryAfter,
      };
      row.correct += a.correct ? 1 : 0;
      row.total += 1;
      row.minutes += a.responseMs / 60_000;
      row.last = a.masteryAfter;
      rows.set(key, row);
      const counts = daily.get(day) ?? { correct: 0, total: 0 };
      counts.correct += a.correct ? 1 : 0;
      counts.total += 1;
      daily.set(day, counts);
    }
    const skills = mastery.get(a.course) ?? new Map<string, number>();
    skills.set(a.skillId, a.masteryAfter);
    mastery.set(a.course, skills);
  }
  if (previousDay !== null) snapshot(previousDay);

  const list = [...rows.values()]
    .map(({ baseline, last, ...row }) => ({
      ...row,
      change: toPercent(last - baseline),
      minutes: round1(row.minutes),
    }))
    .sort((a, b) => a.courseTitle.localeCompare(b.courseTitle) || a.skillName.localeCompare(b.skillName));
  return {
    rows: list,
    daily: [...daily].map(([day, c]) => ({ day, ...c })),
    masteryOverTime,
    totals: {
      correct: list.reduce((s, r) => s + r.correct, 0),
      total: list.reduce((s, r) => s + r.total, 0),
      minutes: round1(list.reduce((s, r) => s + r.minutes, 0)),
      quizzes: input.quizzesInPeriod,
    },
  };
}
