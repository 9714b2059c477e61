import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema, type LoginBody, type Role } from '@vidya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '#src/components/ui/field.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { ROLE_HOME, SIGNUP_PATH } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { requestPasswordReset, resendVerification, useLogin } from '../api/session.ts';
import { SocialButtons } from './social-buttons.tsx';

/** SPEC §8: the reset prompt's three alerts. */
async function handleForgotPassword() {
  const email = window.prompt('Enter the e-mail address of your account');
  if (email === null) return;
  if (!email.trim()) {
    window.alert('Email address is required.');
    return;
  }
  try {
    await requestPasswordReset(email.trim());
    window.alert('Password reset email sent. Check your inbox.');
  } catch (error) {
    window.alert(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
  }
}

/** The login form of one role's page; success goes to the account's own area, whatever page it used. */
export function LoginForm({ role }: { role: Role }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<LoginBody>({
    resolver: zodResolver(LoginBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onValid = async (body: LoginBody) => {
    setUnverifiedEmail(null);
    try {
      const me = await login.mutateAsync(body);
      await navigate(ROLE_HOME[me.role]);
    } catch (error) {
      console.error('Login failed', error);
      if (error instanceof ApiError && error.code === 'email_not_verified') setUnverifiedEmail(body.email);
      else window.alert(error instanceof Error ? error.message : 'Login failed. Please try again.');
    }
  };

  const handleResend = async () => {
    if (!unverifiedEmail) return;
    try {
      await resendVerification(unverifiedEmail);
      window.alert('Verification email resent. Please check your inbox.');
    } catch (error) {
      window.alert(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <>
      {searchParams.get('error') === 'social' && (
        <p role="alert" className="form-error">
          That sign-in did not work. Please try again or log in with your e-mail.
        </p>
      )}
      <form
        className="form"
        noValidate
        onSubmit={(e) => void handleSubmit(onValid, () => window.alert('Your form is invalid'))(e)}
      >
        <Field
          label="Username"
          placeholder="Email"
          type="email"
          autoComplete="username"
          hint="Use the e-mail address you signed up with."
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="button" className="link-button forgot" onClick={() => void handleForgotPassword()}>
          Forget Password
        </button>
        {unverifiedEmail && (
          <div role="alert" className="form-error">
            <p>Please verify your e-mail address first. We sent you a link when you signed up.</p>
            <button type="button" className="button button-small" onClick={() => void handleResend()}>
              Resend verification email
            </button>
          </div>
        )}
        <button type="submit" className="button button-wide" disabled={!isValid || login.isPending}>
          {login.isPending ? 'Logging in…' : 'Login'}
        </button>
        <p className="form-footer">
          New here? <Link to={SIGNUP_PATH[role]}>Sign Up</Link>
        </p>
      </form>
      <SocialButtons role={role} />
    </>
  );
}
