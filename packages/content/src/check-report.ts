import type { Catalogue, CatalogueError } from './catalogue-types.ts';
import { formatCatalogueError } from './load-catalogue.ts';

/** Per-course counts that content:check prints. */
export interface CourseSummary {
  course: string;
  skills: number;
  /** Authored items; generated courses report `undefined`. */
  items?: number;
  byDifficulty: Record<1 | 2 | 3, number>;
  passages: number;
}

/** Counts skills, items, items per difficulty and passages for each course of the catalogue. */
export function summariseCatalogue(catalogue: Catalogue): CourseSummary[] {
  return catalogue.courses.map(({ key, source }) => {
    const items = catalogue.items.filter((item) => item.course === key);
    const byDifficulty = { 1: 0, 2: 0, 3: 0 };
    for (const item of items) byDifficulty[item.difficulty] += 1;
    return {
      course: key,
      skills: catalogue.skills.filter((skill) => skill.course === key).length,
      items: source === 'generated' ? undefined : items.length,
      byDifficulty,
      passages: catalogue.passages.filter((passage) => passage.course === key).length,
    };
  });
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);

/** Renders the content:check report: a table per course, then every error, then a one-line verdict. */
export function formatCheckReport(summaries: readonly CourseSummary[], errors: readonly CatalogueError[]): string {
  const lines = [`${'course'.padEnd(16)}${pad('skills', 7)}${pad('items', 7)}${pad('d1', 6)}${pad('d2', 6)}${pad('d3', 6)}${pad('passages', 10)}`];
  for (const summary of summaries) {
    const counts =
      summary.items === undefined
        ? '  generated from a seed at difficulty 1–5'
        : `${pad(summary.items, 7)}${pad(summary.byDifficulty[1], 6)}${pad(summary.byDifficulty[2], 6)}${pad(summary.byDifficulty[3], 6)}${pad(summary.passages, 10)}`;
    lines.push(`${summary.course.padEnd(16)}${pad(summary.skills, 7)}${counts}`);
  }
  lines.push('');
  if (errors.length === 0) {
    lines.push('content:check passed: no errors.');
    return lines.join('\n');
  }
  // Data errors first: they are what a writer fixes; count errors only say the course is not finished.
  const ordered = [...errors.filter((error) => error.rule !== 'count'), ...errors.filter((error) => error.rule === 'count')];
  for (const error of ordered) lines.push(`ERROR ${formatCatalogueError(error)}`);
  const countErrors = errors.filter((error) => error.rule === 'count').length;
  lines.push('', `content:check failed: ${errors.length} error(s) (${errors.length - countErrors} in the data, ${countErrors} on minimum counts).`);
  return lines.join('\n');
}
