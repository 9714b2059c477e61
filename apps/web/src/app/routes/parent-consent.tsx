import { CONSENT_NOTICE_VERSION } from '@vidya/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useMe } from '#src/features/auth/api/get-me.ts';
import {
  PENDING_CONSENT_KEY,
  useConsentRequest,
  useGrantConsent,
} from '#src/features/consent/api/parent-consent.ts';
import { ConsentNotice } from '#src/features/consent/components/consent-notice.tsx';
import {
  Declarations,
  declarationErrors,
  type DeclarationValues,
} from '#src/features/consent/components/declarations.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useTitle } from '#src/lib/use-title.ts';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

function ConsentForm({ token, childName }: { token: string; childName: string }) {
  const grant = useGrantConsent(token);
  const [values, setValues] = useState<DeclarationValues>({ isParent: false, isAdult: false });
  const [errors, setErrors] = useState<Partial<Record<keyof DeclarationValues, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = declarationErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await grant.mutateAsync({ isParent: true, isAdult: true, noticeVersion: CONSENT_NOTICE_VERSION });
      localStorage.removeItem(PENDING_CONSENT_KEY);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  };
  if (grant.isSuccess)
    return (
      <div role="status" className="consent-done">
        <h2>Thank you</h2>
        <p>
          {childName} can now use all of Vidya. You can see their learning, who else can see it, and withdraw
          your consent at any time from your dashboard.
        </p>
        <Link to={paths.parent} className="button">
          Go to your dashboard
        </Link>
      </div>
    );
  return (
    <form className="form" noValidate onSubmit={(e) => void handleSubmit(e)}>
      <Declarations
        values={values}
        onChange={(next) => {
          setValues(next);
          // Once shown, the messages follow the boxes: a tick clears its own.
          setErrors((shown) => (Object.keys(shown).length ? declarationErrors(next) : shown));
        }}
        errors={errors}
        childName={childName}
      />
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={grant.isPending}>
        I give my consent
      </button>
    </form>
  );
}

/** The page a parent's consent mail links to: the notice, then the parent's declarations and consent. */
export function Component() {
  useTitle('Parental consent');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const request = useConsentRequest(token);
  const { data: me, isPending: isMePending } = useMe();
  useEffect(() => {
    // Kept while the parent signs in or creates an account; the dashboard links back here.
    if (token && request.data?.status === 'pending') localStorage.setItem(PENDING_CONSENT_KEY, token);
  }, [token, request.data?.status]);

  if (!token || request.isError)
    return (
      <div className="page narrow">
        <h1>Parental consent</h1>
        <p role="alert">
          This link is invalid or has expired. The child can send a new one from their account.
        </p>
      </div>
    );
  if (request.isPending || isMePending) return <Spinner />;
  const { learner, status, expiresAt } = request.data;
  const childName = learner.firstName;
  return (
    <div className="page narrow consent-page">
      <h1>Consent for {childName}’s account</h1>
      {status === 'granted' ? (
        <p role="status">Consent for {childName} has been given. Thank you.</p>
      ) : status === 'withdrawn' ? (
        <p role="status">Consent for {childName} was withdrawn.</p>
      ) : (
        <>
          <p>
            {childName} (username <strong>{learner.username}</strong>) made an account on Vidya, a free
            learning site for school children, and asked you to say yes. Please read what we keep and why.
            {expiresAt &&
              ` If nobody consents by ${dateText(expiresAt)}, the account and everything in it is deleted.`}
          </p>
          <ConsentNotice />
          {!me ? (
            <div className="consent-signin">
              <p>
                To give your consent, log in to your Vidya parent account or create one, then open this link
                again.
              </p>
              <p className="actions">
                <Link to={paths.parentLogin} className="button">
                  Log in as a parent
                </Link>
                <Link to={paths.parentSignup} className="button button-secondary">
                  Create a parent account
                </Link>
              </p>
            </div>
          ) : me.role !== 'parents' ? (
            <p role="alert">
              Only a parent account can give consent. Please log out, then log in with your parent account.
            </p>
          ) : (
            <ConsentForm token={token} childName={childName} />
          )}
          <p className="muted">If you do not know this child, you need not do anything.</p>
        </>
      )}
    </div>
  );
}
