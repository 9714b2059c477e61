import { Link, useLocation } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { resendVerification } from '#src/features/auth/api/session.ts';
import { useTitle } from '#src/lib/use-title.ts';

/** The verify-your-e-mail notice after sign-up (SPEC §2). */
export function Component() {
  useTitle('Check your e-mail');
  const location = useLocation();
  const stateEmail = (location.state as { email?: string } | null)?.email;

  const handleResend = async () => {
    const email =
      stateEmail ??
      sessionStorage.getItem('vidya.pending-email') ??
      window.prompt('Enter your e-mail address');
    if (!email?.trim()) {
      window.alert('Email address is required.');
      return;
    }
    try {
      await resendVerification(email.trim());
      window.alert('Verification email resent. Please check your inbox.');
    } catch (error) {
      console.error('Resend failed', error);
      window.alert(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <div className="page narrow">
      <h1>Verify your e-mail</h1>
      <p>
        We sent a link to {stateEmail ? <strong>{stateEmail}</strong> : 'your e-mail address'}. Open it to
        verify your address and choose your password; you must verify it before you can log in.
      </p>
      <p>
        Did not get it?{' '}
        <button type="button" className="link-button" onClick={() => void handleResend()}>
          Resend the verification email
        </button>
      </p>
      <Link to={paths.accessAccount} className="button">
        Login
      </Link>
    </div>
  );
}
