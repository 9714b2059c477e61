import { describe, expect, it } from 'vitest';
import type { CatalogueError } from './catalogue-types.ts';
import { defaultCoursesDir, formatCatalogueError, loadCatalogue, readCatalogueFiles } from './load-catalogue.ts';
import { choiceItem, minimalCatalogueFiles, passageText, withFile } from './testing/catalogue-fixtures.ts';
import { analyseCatalogue, validateCatalogue } from './validate-catalogue.ts';

const dataErrors = (errors: readonly CatalogueError[]): CatalogueError[] => errors.filter((error) => error.rule !== 'count');
const plantsFile = (items: unknown[]): { skill: string; items: unknown[] } => ({ skill: 'plants', items });
const messagesFor = (items: unknown[]): string[] =>
  dataErrors(validateCatalogue(withFile(minimalCatalogueFiles(), 'science/items/plants.json', plantsFile(items)))).map(formatCatalogueError);

describe('the content in courses/', () => {
  // SPEC (issue 5): content:check fails the build on any error, with the file and the item id.
  const errors = validateCatalogue(readCatalogueFiles(defaultCoursesDir()));

  it('breaks no per-file or per-item rule', () => {
    expect(dataErrors(errors).map(formatCatalogueError)).toEqual([]);
  });

  it('meets every minimum count (skills, items per course and skill, difficulty spread, passages)', () => {
    expect(errors.filter((error) => error.rule === 'count').map(formatCatalogueError)).toEqual([]);
  });
});

describe('validateCatalogue', () => {
  it('accepts the minimal fixture apart from the minimum counts', () => {
    expect(dataErrors(validateCatalogue(minimalCatalogueFiles()))).toEqual([]);
  });

  it('reports an answer index out of range with the file and item id', () => {
    expect(messagesFor([choiceItem({ id: 'science:plants:01', skill: 'plants', answer: 3 })])).toEqual([
      'science/items/plants.json [science:plants:01] (item) answer index 3 is out of range for 3 choices',
    ]);
  });

  it('reports duplicate choices, ignoring case and spacing', () => {
    const item = choiceItem({ id: 'science:plants:01', skill: 'plants', choices: ['Roots', 'Leaves', ' roots'] });
    expect(messagesFor([item]).join('\n')).toMatch(/choice 2 " roots" duplicates an earlier choice/);
  });

  it('rejects choices that refer to other choices, since the UI may shuffle them', () => {
    const item = choiceItem({ id: 'science:plants:01', skill: 'plants', choices: ['Roots', 'Leaves', 'All of the above'] });
    expect(messagesFor([item]).join('\n')).toMatch(/refers to other choices/);
  });

  it('reports duplicate ids and duplicate prompts', () => {
    const first = choiceItem({ id: 'science:plants:01', skill: 'plants', prompt: 'What do roots do?' });
    const second = choiceItem({ id: 'science:plants:01', skill: 'plants', prompt: 'What do  ROOTS do?' });
    expect(messagesFor([first, second])).toEqual([
      'science/items/plants.json [science:plants:01] (duplicate) duplicate item id',
      'science/items/plants.json [science:plants:01] (duplicate) same prompt as science:plants:01',
    ]);
  });

  it('reports the same question in two courses, and nearly the same stem with the same answer (issue 20)', () => {
    const thermometer = (id: string, skill: string, prompt: string) =>
      choiceItem({ id, skill, prompt, choices: ['A barometer', 'A thermometer', 'A rain gauge'], answer: 1 });
    const files = withFile(
      withFile(minimalCatalogueFiles(), 'science/items/plants.json', plantsFile([thermometer('science:plants:01', 'plants', 'Which instrument is used to measure temperature?')])),
      'social_science/items/rivers.json',
      {
        skill: 'rivers',
        items: [
          thermometer('social_science:rivers:01', 'rivers', 'Which instrument is used to measure temperature?'),
          thermometer('social_science:rivers:02', 'rivers', 'Which instrument measures the temperature of the air?'),
          // Same words but a different fact (a different right answer) is a different question.
          choiceItem({ id: 'social_science:rivers:03', skill: 'rivers', prompt: 'Which instrument is used to measure rainfall?', choices: ['A barometer', 'A thermometer', 'A rain gauge'], answer: 2 }),
        ],
      },
    );
    expect(dataErrors(validateCatalogue(files)).map(formatCatalogueError)).toEqual([
      'social_science/items/rivers.json [social_science:rivers:01] (duplicate) same prompt as science:plants:01',
      'social_science/items/rivers.json [social_science:rivers:02] (duplicate) nearly the same question as science:plants:01 (same answer "A thermometer")',
    ]);
  });

  it('lets passages share stock prompts, but not repeat one within a passage', () => {
    const passage = (id: string, prompts: string[]) => ({
      id,
      title: `The ${id}`,
      kind: 'story',
      text: passageText(100),
      items: prompts.map((prompt, i) => choiceItem({ id: `english:${id}:0${i + 1}`, skill: 'reading-details', prompt, choices: ['Yes', 'No', 'Maybe'] })),
    });
    const stock = ['What is the passage mostly about?', 'How does the story end?', 'Who is the main character?'];
    const files = withFile(withFile(minimalCatalogueFiles(), 'english/passages/the-kite.json', passage('the-kite', stock)), 'english/passages/the-boat.json', passage('the-boat', [...stock.slice(0, 2), 'What is this passage mostly about?']));
    expect(dataErrors(validateCatalogue(files)).map(formatCatalogueError)).toEqual([
      'english/passages/the-boat.json [english:the-boat:03] (duplicate) nearly the same question as english:the-boat:01 (same answer "Yes")',
    ]);
  });

  it('reports schema problems per item, keeping the other items', () => {
    const broken = { ...choiceItem({ id: 'science:plants:02', skill: 'plants' }), explanation: '' };
    const { catalogue, errors } = analyseCatalogue(
      withFile(minimalCatalogueFiles(), 'science/items/plants.json', plantsFile([choiceItem({ id: 'science:plants:01', skill: 'plants' }), broken])),
    );
    expect(dataErrors(errors).map((error) => [error.itemId, error.rule])).toEqual([['science:plants:02', 'schema']]);
    expect(catalogue.items.map((item) => item.id)).toContain('science:plants:01');
  });

  it('reports an item whose skill or id does not match its file', () => {
    const messages = messagesFor([choiceItem({ id: 'science:cells:01', skill: 'cells' })]).join('\n');
    expect(messages).toMatch(/id must start with "science:plants:"/);
    expect(messages).toMatch(/skill "cells" is not allowed here/);
  });

  it('reports an unknown skill file, a misnamed file and an unexpected file', () => {
    let files = withFile(minimalCatalogueFiles(), 'science/items/roots.json', plantsFile([choiceItem({ id: 'science:plants:09', skill: 'plants' })]));
    files = withFile(files, 'science/items/magnets.json', { skill: 'magnets', items: [choiceItem({ id: 'science:magnets:01', skill: 'magnets' })] });
    files = withFile(files, 'science/notes.txt', 'hello');
    const messages = dataErrors(validateCatalogue(files)).map(formatCatalogueError).join('\n');
    expect(messages).toMatch(/science\/items\/roots.json \(layout\) file name must be the skill id "plants.json"/);
    expect(messages).toMatch(/science\/items\/magnets.json \(item\) unknown skill "magnets"/);
    expect(messages).toMatch(/science\/notes.txt \(layout\) unexpected file/);
  });

  it('reports invalid JSON with the file', () => {
    const files = [...minimalCatalogueFiles().filter((file) => file.path !== 'science/items/plants.json'), { path: 'science/items/plants.json', text: '{ "skill": ' }];
    expect(dataErrors(validateCatalogue(files)).map((error) => [error.file, error.rule])).toEqual([['science/items/plants.json', 'parse']]);
  });

  it('reports unknown prerequisites and prerequisite cycles', () => {
    const skill = (id: string, prerequisites: string[]): object => ({ id, name: `Skill ${id}`, description: 'A skill for the test.', grades: [3, 5], prerequisites });
    const files = withFile(minimalCatalogueFiles(), 'science/skills.json', [skill('plants', ['cells']), skill('cells', ['plants']), skill('rocks', ['lava'])]);
    const messages = dataErrors(validateCatalogue(files)).map((error) => error.message).join('\n');
    expect(messages).toMatch(/unknown prerequisite "lava"/);
    expect(messages).toMatch(/prerequisites form a cycle: plants → cells → plants/);
  });

  it('checks passages: word count, reading skills and the question id prefix', () => {
    const passage = {
      id: 'the-kite',
      title: 'The kite',
      kind: 'story',
      text: passageText(60),
      items: [
        choiceItem({ id: 'english:the-kite:01', skill: 'reading-details' }),
        choiceItem({ id: 'english:the-kite:02', skill: 'tense-simple' }),
        choiceItem({ id: 'english:kite:03', skill: 'reading-details' }),
      ],
    };
    const messages = dataErrors(validateCatalogue(withFile(minimalCatalogueFiles(), 'english/passages/the-kite.json', passage)))
      .map(formatCatalogueError)
      .join('\n');
    expect(messages).toMatch(/\(passage\) passage has 60 words; it must have 80–250/);
    expect(messages).toMatch(/\[english:the-kite:02\] \(item\) skill "tense-simple" is not allowed here/);
    expect(messages).toMatch(/\[english:kite:03\] \(item\) id must start with "english:the-kite:"/);
  });

  it('gives passage items their passage id and re-versions them when the passage text changes', () => {
    const before = analyseCatalogue(minimalCatalogueFiles()).catalogue;
    const edited = JSON.parse(minimalCatalogueFiles().find((file) => file.path === 'english/passages/the-kite.json')!.text) as { text: string };
    const after = analyseCatalogue(withFile(minimalCatalogueFiles(), 'english/passages/the-kite.json', { ...edited, text: `${edited.text} more` })).catalogue;
    const item = (catalogue: typeof before) => catalogue.items.find((entry) => entry.id === 'english:the-kite:01')!;
    expect(item(before).passageId).toBe('the-kite');
    expect(item(after).version).not.toBe(item(before).version);
    expect(before.items.find((entry) => entry.id === 'science:plants:01')!.version).toBe(
      after.items.find((entry) => entry.id === 'science:plants:01')!.version,
    );
  });

  it('reports the minimum counts as errors with rule count', () => {
    const counts = validateCatalogue(minimalCatalogueFiles()).filter((error) => error.rule === 'count');
    expect(counts.map((error) => error.message)).toContain('1 items; at least 240 needed');
    expect(counts.map((error) => error.message)).toContain('1 passages; at least 24 needed');
  });
});

describe('loadCatalogue', () => {
  it('loads the courses folder, or throws with the file and item id of each data error', () => {
    const errors = dataErrors(validateCatalogue(readCatalogueFiles()));
    if (errors.length > 0) {
      expect(() => loadCatalogue()).toThrow(formatCatalogueError(errors[0]!));
    } else {
      const catalogue = loadCatalogue();
      expect(catalogue.courses.map((course) => course.title)).toEqual(['Mathematics', 'Science', 'English', 'Social Science']);
      expect(catalogue.skills.some((skill) => skill.course === 'mathematics')).toBe(true);
    }
  });
});
