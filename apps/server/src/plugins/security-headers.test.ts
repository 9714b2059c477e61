import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

describe('helmetHeaders', () => {
  it("is what Helmet's middleware sets on a response, CSP included", () => {
    const options = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
    };
    const headers = new Map<string, string>();
    const removed: string[] = [];
    const response = {
      setHeader: (name: string, value: string) => headers.set(name, value),
      removeHeader: (name: string) => removed.push(name),
    };
    helmet(options)({} as never, response as never, () => undefined);
    const worked = helmetHeaders(options);
    expect(new Map(worked.set)).toEqual(headers);
    expect(worked.removed).toEqual(removed);
    expect(headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('refuses options Helmet refuses', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { 'not a directive': ["'self'"] } } }),
    ).toThrow();
  });
});
