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
