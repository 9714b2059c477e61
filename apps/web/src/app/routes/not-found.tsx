import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { useTitle } from '#src/lib/use-title.ts';

/** Any path the app does not know. */
export function Component() {
  useTitle('Page not found');
  return (
    <div className="page narrow">
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the address may have a typo.</p>
      <Link to={paths.home} className="button">
        Go to the home page
      </Link>
    </div>
  );
}
