import { pageAccess, pageRedirect } from '@vidya/contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Footer } from '#src/components/layout/footer.tsx';
import { IntroBlock, showsIntro } from '#src/components/layout/intro-block.tsx';
import { TopNav } from '#src/app/layout/top-nav.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useMe } from '#src/features/auth/api/get-me.ts';

/** Client-side twin of the server's page guard: the same rules, for in-app navigation. */
function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const me = useMe();
  if (pageAccess(path).kind === 'public' && path !== paths.instructorLoginAlias) return children;
  if (me.isPending) return <Spinner />;
  const target = pageRedirect(path, me.data?.role ?? null);
  if (target && target !== path) return <Navigate to={target} replace />;
  return children;
}

/** The application shell: navigation, the intro block where the spec shows it, the page, the footer. */
export function Root() {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      {showsIntro(pathname) && <IntroBlock />}
      <main id="main" className="main" tabIndex={-1}>
        <Guard>
          <Outlet />
        </Guard>
      </main>
      <Footer />
    </>
  );
}
