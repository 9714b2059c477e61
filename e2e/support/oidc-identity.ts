/** Who the mock OpenID provider says the user is; shared by the provider (runner) and the fixtures (workers). */
export interface OidcIdentity {
  email: string;
  givenName: string;
  familyName: string;
  /** The provider's stable subject; defaults to one derived from the e-mail, so the same e-mail is the same user. */
  sub?: string;
  /** Defaults to true. */
  emailVerified?: boolean;
}

/**
 * The browser carries the chosen identity to the provider's authorize endpoint in this cookie. Cookies ignore the
 * port, so one set for the provider's host (127.0.0.1) reaches it; each test's browser context has its own jar, which
 * keeps parallel tests apart and leaves nothing behind.
 */
export const OIDC_IDENTITY_COOKIE = 'e2e_oidc_identity';

export function encodeIdentity(identity: OidcIdentity): string {
  return Buffer.from(JSON.stringify(identity), 'utf8').toString('base64url');
}

export function decodeIdentity(value: string): OidcIdentity | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<OidcIdentity>;
    if (
      typeof parsed.email !== 'string' ||
      typeof parsed.givenName !== 'string' ||
      typeof parsed.familyName !== 'string'
    ) {
      return null;
    }
    return parsed as OidcIdentity;
  } catch {
    return null;
  }
}

/** The standard OpenID claims for an identity, as the ID token and the userinfo endpoint carry them. */
export function identityClaims(identity: OidcIdentity): Record<string, string | boolean> {
  return {
    sub: identity.sub ?? `e2e|${identity.email.toLowerCase()}`,
    email: identity.email,
    email_verified: identity.emailVerified ?? true,
    given_name: identity.givenName,
    family_name: identity.familyName,
    name: `${identity.givenName} ${identity.familyName}`,
  };
}
