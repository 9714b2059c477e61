import type { SourceFile } from '../catalogue-types.ts';
import { MATH_GENERATOR_SKILLS } from '../generators/generate-math-item.ts';
import type { ChoiceItem } from '../schema.ts';

/** A valid choice item for tests, with any fields overridden. */
export function choiceItem(overrides: Partial<ChoiceItem> & { id: string; skill: string }): ChoiceItem {
  return {
    difficulty: 1,
    prompt: `Which answer is right for ${overrides.id}?`,
    choices: [`The first answer to ${overrides.id}`, 'The second answer', 'The third answer'],
    answer: 0,
    explanation: 'The first answer is right because the test says so.',
    ...overrides,
  };
}

const skill = (id: string, prerequisites: string[] = []): object => ({
  id,
  name: `Skill ${id}`,
  description: `A test skill called ${id}.`,
  grades: [3, 6],
  prerequisites,
});

/** A passage text of the given number of words. */
export function passageText(words: number): string {
  return Array.from({ length: words }, (_, index) => (index % 12 === 11 ? 'word.' : 'word')).join(' ');
}

/** A small catalogue that breaks no per-item rule (only the minimum counts), to which tests add or replace files. */
export function minimalCatalogueFiles(): SourceFile[] {
  const json = (path: string, data: unknown): SourceFile => ({ path, text: JSON.stringify(data, null, 2) });
  return [
    json('mathematics/skills.json', MATH_GENERATOR_SKILLS.map((id) => skill(id))),
    json('science/skills.json', [skill('plants'), skill('cells', ['plants'])]),
    json('science/items/plants.json', { skill: 'plants', items: [choiceItem({ id: 'science:plants:01', skill: 'plants' })] }),
    json('english/skills.json', [skill('reading-details'), skill('tense-simple')]),
    json('english/passages/the-kite.json', {
      id: 'the-kite',
      title: 'The kite',
      kind: 'story',
      text: passageText(100),
      items: ['01', '02', '03'].map((nn) => choiceItem({ id: `english:the-kite:${nn}`, skill: 'reading-details' })),
    }),
    json('social_science/skills.json', [skill('rivers')]),
  ];
}

/** Replaces (or adds) one file of a fixture catalogue with the given JSON data. */
export function withFile(files: readonly SourceFile[], path: string, data: unknown): SourceFile[] {
  return [...files.filter((file) => file.path !== path), { path, text: JSON.stringify(data) }];
}
