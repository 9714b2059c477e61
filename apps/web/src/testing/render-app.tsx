import type { Me, Role } from '@vidya/contracts';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '#src/app/provider.tsx';
import { AppRoutes } from '#src/app/router.tsx';

/** A faked response: its status and JSON body. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}
type Handler = (url: string, init: RequestInit | undefined) => FakeAnswer | undefined;

const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

/** Fakes the server at the fetch boundary: each request goes to `handler`; unhandled ones are 404 problems. */
export function fakeServer(handler: Handler) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: jsonBody(init),
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

/** An RFC 9457 problem answer, as the server sends for a refusal. */
export const problem = (
  status: number,
  code: string,
  detail: string,
  fields?: Record<string, string>,
): FakeAnswer => ({
  status,
  body: { type: 'x', title: 't', status, detail, code, ...(fields ? { fields } : {}) },
});

/** A signed-in account as the server describes it (GET /api/session); `overrides` make another person. */
export const testAccount = (role: Role, overrides: Partial<Me> = {}): Me => ({
  id: '1',
  role,
  email: 'meera@example.com',
  username: 'meera_t',
  firstName: 'Meera',
  lastName: 'Iyer',
  emailVerified: true,
  ...overrides,
});

/**
 * Fakes the server for a signed-in account of `role`: `answer` handles each request first; the lists the pages load
 * (classes, children, link requests, channels) are empty otherwise.
 */
export function signedInAs(
  role: Role,
  answer?: (url: string, method: string, body: unknown) => FakeAnswer | undefined,
) {
  return fakeServer((url, init) => {
    if (url.endsWith('/api/session')) return { status: 200, body: { account: testAccount(role) } };
    const answered = answer?.(url, init?.method ?? 'GET', jsonBody(init));
    if (answered) return answered;
    if (/\/api\/(classes|guardian\/learners|me\/link-requests|me\/channels)$/.test(url))
      return { status: 200, body: [] };
    return undefined;
  });
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
