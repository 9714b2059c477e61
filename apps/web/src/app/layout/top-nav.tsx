import { Link } from 'react-router';
import { Logo } from '#src/components/ui/icons.tsx';
import { ACCOUNT_PATH, paths, ROLE_HOME } from '#src/config/paths.ts';
import { useMe } from '#src/features/auth/api/get-me.ts';
import { useLogout } from '#src/features/auth/api/logout.ts';

/**
 * The top navigation: logo home, About us, and the signed-in or signed-out links (SPEC §2); teachers and parents also
 * reach their account page from it, whatever tab they are on.
 */
export function TopNav() {
  const { data: me } = useMe();
  const logout = useLogout();

  // A full page load after signing out: nothing of the account stays in memory on a shared computer.
  const handleLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => window.location.assign(paths.home),
      onError: (error) => console.error('Sign-out failed', error),
    });
  };

  return (
    <header className="top-nav">
      <nav aria-label="Main" className="top-nav-inner">
        <Link to={paths.home} className="brand" aria-label="Vidya home">
          <Logo />
          <span>Vidya</span>
        </Link>
        <ul className="nav-links">
          <li>
            <Link to={paths.aboutUs}>About us</Link>
          </li>
          {me ? (
            <>
              <li>
                <Link to={me.role === 'learners' ? paths.courses : ROLE_HOME[me.role]}>Courses</Link>
              </li>
              {me.role !== 'learners' && (
                <li>
                  <Link to={ACCOUNT_PATH[me.role]}>Account</Link>
                </li>
              )}
              <li>
                <button
                  type="button"
                  className="link-button"
                  onClick={handleLogout}
                  disabled={logout.isPending}
                >
                  Logout
                </button>
              </li>
            </>
          ) : (
            <li>
              <Link to={paths.accessAccount} className="button button-small">
                Sign Up / Login
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
