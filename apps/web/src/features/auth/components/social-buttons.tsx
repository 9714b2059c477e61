import type { Role } from '@vidya/contracts';
import { useState } from 'react';
import { useProviders } from '../api/get-providers.ts';
import { startSocialSignIn } from '../api/session.ts';

// The three providers of the spec; others the server configures (e.g. a school's OIDC) are added after them.
const BUILT_IN = [
  { id: 'google', name: 'Google' },
  { id: 'microsoft', name: 'Microsoft' },
  { id: 'github', name: 'GitHub' },
];

/** Social sign-in buttons; all are disabled while one sign-in is in flight (SPEC §4 logging-in flag). */
export function SocialButtons({ role }: { role: Role }) {
  const { data } = useProviders();
  const [isLoggingIn, setIsLoggingIn] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const configured = new Set(data?.social.map((p) => p.id));
  const extra = data?.social.filter((p) => !BUILT_IN.some((b) => b.id === p.id)) ?? [];

  const handleClick = async (provider: { id: string; name: string }) => {
    setIsLoggingIn(true);
    setFailed(null);
    try {
      const { url } = await startSocialSignIn(provider.id, role);
      window.location.assign(url);
    } catch (error) {
      console.error('Social sign-in failed', error);
      setFailed(`Sign-in with ${provider.name} did not work. Please try again or use your e-mail.`);
      setIsLoggingIn(false);
    }
  };

  return (
    <div className="social">
      <p className="social-title">Or continue with</p>
      <div className="social-buttons">
        {[...BUILT_IN, ...extra].map((provider) => {
          const isAvailable = configured.has(provider.id);
          return (
            <button
              key={provider.id}
              type="button"
              className="button button-outline"
              disabled={isLoggingIn || !isAvailable}
              title={isAvailable ? undefined : `${provider.name} sign-in is not set up on this server`}
              onClick={() => void handleClick(provider)}
            >
              {provider.name}
              {!isAvailable && <span className="visually-hidden"> (not available)</span>}
            </button>
          );
        })}
      </div>
      {failed && (
        <p role="alert" className="form-error">
          {failed}
        </p>
      )}
    </div>
  );
}
