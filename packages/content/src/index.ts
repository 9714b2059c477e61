export * from './schema.ts';
export type { Catalogue, CatalogueError, CatalogueItem, CataloguePassage, CatalogueRule, CatalogueSkill, SourceFile } from './catalogue-types.ts';
export { COURSES, courseTitle, type Course, type CourseSource } from './courses.ts';
export { contentVersion } from './content-version.ts';
export { analyseCatalogue, validateCatalogue } from './validate-catalogue.ts';
export {
  CatalogueLoadError,
  defaultCoursesDir,
  formatCatalogueError,
  loadCatalogue,
  readCatalogueFiles,
  type LoadCatalogueOptions,
} from './load-catalogue.ts';
export { checkChoiceAnswer, checkFreeTextAnswer } from './generators/answer-check.ts';
export { generateMathItem, MATH_GENERATOR_SKILLS, mathItemId, parseMathItemId } from './generators/generate-math-item.ts';
export { MATH_DIFFICULTIES, type AnswerForm, type AnswerUnit, type MathDifficulty, type MathItem } from './generators/math-item.ts';
