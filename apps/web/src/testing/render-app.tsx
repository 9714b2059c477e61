import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '#src/app/provider.tsx';
import { AppRoutes } from '#src/app/router.tsx';

type Handler = (url: string, init: RequestInit | undefined) => { status: number; body: unknown } | undefined;

/** Fakes the server at the fetch boundary: each request goes to `handler`; unhandled ones are 404 problems. */
export function fakeServer(handler: Handler) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer =
      handler(url, init) ??
      (url.endsWith('/api/session')
        ? { status: 200, body: { account: null } }
        : url.endsWith('/api/auth-providers')
          ? { status: 200, body: { social: [] } }
          : {
              status: 404,
              body: {
                type: 'x',
                title: 'Not found',
                status: 404,
                detail: 'No such thing.',
                code: 'not_found',
              },
            });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

function LocationSpy({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/** Renders the real routes and providers at a path; `router.state.location` is where the app is now. */
export function renderApp(path: string) {
  const state: { location: Pick<Location, 'pathname' | 'search'> } = {
    location: { pathname: path, search: '' },
  };
  const result = render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <Suspense>
          <AppRoutes />
        </Suspense>
        <LocationSpy onChange={(location) => (state.location = location)} />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, router: { state } };
}
