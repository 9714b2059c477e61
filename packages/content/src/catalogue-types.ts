import type { Course } from './courses.ts';
import type { ChoiceItem, CourseKey, PassageFile, Skill } from './schema.ts';

/** A data file as read from disk: its path relative to the courses folder (with `/`) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** Which rule a catalogue error breaks; `count` marks the minimum-size rules that fail while content is being written. */
export type CatalogueRule = 'layout' | 'parse' | 'schema' | 'skill' | 'item' | 'duplicate' | 'passage' | 'generator' | 'count';

/** One problem found in the content, pointing at the file and, where there is one, the item. */
export interface CatalogueError {
  /** Path relative to the courses folder, e.g. `science/items/cells.json`. */
  file: string;
  itemId?: string;
  rule: CatalogueRule;
  message: string;
}

/** A skill of the taxonomy together with the course it belongs to. */
export interface CatalogueSkill extends Skill {
  course: CourseKey;
}

/** An authored multiple-choice item, with its course, its passage where it has one, and its content version. */
export interface CatalogueItem extends ChoiceItem {
  course: CourseKey;
  passageId?: string;
  /** Changes whenever the item (or its passage) is edited, so old attempts keep pointing at what was answered. */
  version: string;
}

/** An English reading passage without its items (they are in `Catalogue.items`, linked by `passageId`). */
export interface CataloguePassage extends Omit<PassageFile, 'items'> {
  course: 'english';
  itemIds: string[];
  version: string;
}

/** Everything the server seeds into the database: courses, skills, authored items and passages. */
export interface Catalogue {
  courses: readonly Course[];
  skills: CatalogueSkill[];
  items: CatalogueItem[];
  passages: CataloguePassage[];
}
