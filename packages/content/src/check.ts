// CLI behind `npm run content:check [-- --dir <courses-dir>]`: validates every data file and fails on any error.
import { formatCheckReport, summariseCatalogue } from './check-report.ts';
import { defaultCoursesDir, readCatalogueFiles } from './load-catalogue.ts';
import { analyseCatalogue } from './validate-catalogue.ts';

const dirFlag = process.argv.indexOf('--dir');
const coursesDir = dirFlag >= 0 ? (process.argv[dirFlag + 1] ?? defaultCoursesDir()) : defaultCoursesDir();
const { catalogue, errors } = analyseCatalogue(readCatalogueFiles(coursesDir));
console.log(`content:check ${coursesDir}\n`);
console.log(formatCheckReport(summariseCatalogue(catalogue), errors));
process.exitCode = errors.length > 0 ? 1 : 0;
