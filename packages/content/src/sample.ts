// CLI behind `npm run content:sample -- --course english --n 5 [--seed 42]`: prints random items with answers.
import { COURSE_KEYS, type CourseKey } from './schema.ts';
import { loadCatalogue } from './load-catalogue.ts';
import { formatSample } from './sample-format.ts';

const flag = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const course = flag('course') ?? 'mathematics';
const count = Number(flag('n') ?? 5);
// A fresh seed each run unless one is given, so a reviewer can reproduce an interesting sample.
const seed = Number(flag('seed') ?? Date.now() % 2 ** 32);

if (!COURSE_KEYS.includes(course as CourseKey) || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error(`usage: content:sample -- --course <${COURSE_KEYS.join('|')}> --n <count> [--seed <uint32>]`);
  process.exitCode = 2;
} else {
  console.log(formatSample(loadCatalogue(), course as CourseKey, count, seed >>> 0));
}
