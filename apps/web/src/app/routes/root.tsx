import { pageAccess, pageRedirect } from '@vidya/contracts';
import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Footer } from '#src/components/layout/footer.tsx';
import { IntroBlock, showsIntro } from '#src/components/layout/intro-block.tsx';
import { OfflineBanner, OfflinePage } from '#src/components/layout/offline-notice.tsx';
import { PageErrorBoundary } from '#src/components/layout/page-error-boundary.tsx';
import { TopNav } from '#src/app/layout/top-nav.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useMe } from '#src/features/auth/api/get-me.ts';

/** Client-side twin of the server's page guard: the same rules, for in-app navigation. */
function Guard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const me = useMe();
  const access = pageAccess(path);
  if (access.kind === 'public' && path !== paths.instructorLoginAlias) return children;
  // Offline the session request waits (paused) or fails: pages for signed-in roles need the server, the
  // landing, login and sign-up pages work as for a signed-out visitor.
  const isUnreachable = (me.isPending && me.fetchStatus === 'paused') || me.isError;
  if (isUnreachable) return access.kind === 'role' ? <OfflinePage /> : children;
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
      <OfflineBanner />
      {showsIntro(pathname) && <IntroBlock />}
      <main id="main" className="main" tabIndex={-1}>
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Guard>
              <Outlet />
            </Guard>
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
    </>
  );
}
