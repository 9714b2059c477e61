import { zodResolver } from '@hookform/resolvers/zod';
import { NewPasswordBodySchema, RoleSchema } from '@vidya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { LOGIN_PATH, paths } from '#src/config/paths.ts';
import { resetPassword } from '#src/features/auth/api/session.ts';
import { useTitle } from '#src/lib/use-title.ts';

const FormSchema = NewPasswordBodySchema.pick({ password: true });
type Form = z.infer<typeof FormSchema>;

/**
 * Choose a new password from the reset mail's link; or, after following the verification mail (`?verified=1`),
 * choose the account's password: the one given at sign-up no longer works, so that an account someone else opened
 * with this address becomes the mailbox owner's alone (issue 20).
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const isVerification = searchParams.get('verified') === '1';
  const title = isVerification ? 'Choose your password' : 'Choose a new password';
  useTitle(title);
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  const role = RoleSchema.safeParse(searchParams.get('role'));
  const loginPath = role.success ? LOGIN_PATH[role.data] : paths.accessAccount;
  const [status, setStatus] = useState<'idle' | 'done' | 'failed'>('idle');
  const [message, setMessage] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Form>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  const onValid = async ({ password }: Form) => {
    try {
      await resetPassword(token ?? '', password);
      setStatus('done');
    } catch (error) {
      setStatus('failed');
      setMessage(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  if (!token || linkError) {
    return (
      <div className="page narrow">
        <h1>{title}</h1>
        <p role="alert" className="form-error">
          {isVerification
            ? 'This verification link is invalid or has expired. Log in with your e-mail address to get a new one.'
            : 'This link is invalid or has expired. Use “Forget Password” on the login page to get a new one.'}
        </p>
        <Link to={paths.accessAccount} className="button">
          Login
        </Link>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>{title}</h1>
      {status === 'done' ? (
        <>
          <p role="status">
            {isVerification
              ? 'Your password is set. Log in with your e-mail address and this password.'
              : 'Your password has been changed. You can log in with it now.'}
          </p>
          <Link to={loginPath} className="button">
            Login
          </Link>
        </>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
          {isVerification && (
            <p>
              Your e-mail address is verified. Now choose the password you will log in with: you may type the
              one you chose when you signed up. Until you save it here, no password works for this account, so
              nobody else who knew your address can use it.
            </p>
          )}
          <PasswordField
            label={isVerification ? 'Your password' : 'New password'}
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          {status === 'failed' && (
            <p role="alert" className="form-error">
              {message}
            </p>
          )}
          <button type="submit" className="button button-wide" disabled={isSubmitting}>
            {isVerification ? 'Save my password' : 'Save new password'}
          </button>
        </form>
      )}
    </div>
  );
}
