import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalogue, CatalogueError, SourceFile } from './catalogue-types.ts';
import { analyseCatalogue } from './validate-catalogue.ts';

/** Errors listed in a load failure's message; the rest are on `CatalogueLoadError.errors`. */
const MAX_ERRORS_IN_MESSAGE = 20;

/** Returns the package's own `courses/` folder; a bundled server must pass its own path to {@link loadCatalogue} instead. */
export function defaultCoursesDir(): string {
  return fileURLToPath(new URL('../courses/', import.meta.url));
}

/** Reads every file under a courses folder (hidden files such as .gitkeep excepted), sorted by path. */
export function readCatalogueFiles(coursesDir: string = defaultCoursesDir()): SourceFile[] {
  const entries = readdirSync(coursesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => {
      const absolute = join(entry.parentPath, entry.name);
      return { path: relative(coursesDir, absolute).split(sep).join('/'), text: readFileSync(absolute, 'utf8') };
    })
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Formats an error as one line: `file [item id] (rule) message`. */
export function formatCatalogueError(error: CatalogueError): string {
  return `${error.file}${error.itemId ? ` [${error.itemId}]` : ''} (${error.rule}) ${error.message}`;
}

/** Thrown by {@link loadCatalogue} when the content is broken; lists each problem with its file and item id. */
export class CatalogueLoadError extends Error {
  override readonly name = 'CatalogueLoadError';
  constructor(readonly errors: readonly CatalogueError[]) {
    const shown = errors.slice(0, MAX_ERRORS_IN_MESSAGE).map(formatCatalogueError);
    const more = errors.length > shown.length ? [`…and ${errors.length - shown.length} more`] : [];
    super([`content has ${errors.length} error(s):`, ...shown, ...more].join('\n'));
  }
}

/** Options for {@link loadCatalogue}. */
export interface LoadCatalogueOptions {
  /**
   * Also fail on the minimum-size rules (rule `count`). Off by default: a short course is not broken data,
   * and `content:check` already fails the build on it.
   */
  enforceCounts?: boolean;
}

/** Reads and validates every data file; returns the catalogue or throws a {@link CatalogueLoadError}. */
export function loadCatalogue(coursesDir: string = defaultCoursesDir(), options: LoadCatalogueOptions = {}): Catalogue {
  const { catalogue, errors } = analyseCatalogue(readCatalogueFiles(coursesDir));
  const fatal = options.enforceCounts ? errors : errors.filter((error) => error.rule !== 'count');
  if (fatal.length > 0) throw new CatalogueLoadError(fatal);
  return catalogue;
}
