import type { Catalogue } from './catalogue-types.ts';
import { generateMathItem, MATH_GENERATOR_SKILLS } from './generators/generate-math-item.ts';
import { MATH_DIFFICULTIES } from './generators/math-item.ts';
import { createRng } from './generators/prng.ts';
import type { CourseKey } from './schema.ts';

const LETTERS = 'ABCDE';
const indent = (text: string): string => text.replace(/^(?=.)/gm, '     ');

/** Renders `count` randomly chosen items of a course with their answers, for a human check; the seed fixes the choice. */
export function formatSample(catalogue: Catalogue, course: CourseKey, count: number, seed: number): string {
  const rng = createRng(seed);
  const blocks: string[] = [`${count} sample item(s) from ${course} (seed ${seed})`];
  if (course === 'mathematics') {
    for (let i = 0; i < count; i += 1) {
      const item = generateMathItem(rng.pick(MATH_GENERATOR_SKILLS), rng.pick(MATH_DIFFICULTIES), rng.int(0, 0xffffffff));
      blocks.push(`${item.id}\n  Q: ${item.prompt}\n  A: ${item.answer}   (${item.answerForm.kind})\n  Steps:\n${indent(item.explanation)}`);
    }
    return blocks.join('\n\n');
  }
  const pool = [...catalogue.items.filter((item) => item.course === course)];
  for (let i = 0; i < count && pool.length > 0; i += 1) {
    const [item] = pool.splice(rng.int(0, pool.length - 1), 1);
    if (!item) break;
    const passage = item.passageId ? catalogue.passages.find((entry) => entry.id === item.passageId) : undefined;
    const lines = [`${item.id}  (skill ${item.skill}, difficulty ${item.difficulty}, version ${item.version})`];
    if (passage) lines.push(`  Passage "${passage.title}" (${passage.kind}):`, indent(passage.text));
    lines.push(`  Q: ${item.prompt}`);
    item.choices.forEach((choice, index) => lines.push(`  ${index === item.answer ? '*' : ' '} ${LETTERS[index]}. ${choice}`));
    lines.push(`  Why: ${item.explanation}`);
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}
