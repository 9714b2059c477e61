import { zodResolver } from '@hookform/resolvers/zod';
import { NewPasswordBodySchema } from '@vidya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { paths } from '#src/config/paths.ts';
import { resetPassword } from '#src/features/auth/api/session.ts';
import { useTitle } from '#src/lib/use-title.ts';

const FormSchema = NewPasswordBodySchema.pick({ password: true });
type Form = z.infer<typeof FormSchema>;

/** Choose a new password from the reset mail's link. */
export function Component() {
  useTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
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
        <h1>Choose a new password</h1>
        <p role="alert" className="form-error">
          This link is invalid or has expired. Use “Forget Password” on the login page to get a new one.
        </p>
        <Link to={paths.accessAccount} className="button">
          Login
        </Link>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>Choose a new password</h1>
      {status === 'done' ? (
        <>
          <p role="status">Your password has been changed. You can log in with it now.</p>
          <Link to={paths.accessAccount} className="button">
            Login
          </Link>
        </>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
          <PasswordField
            label="New password"
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
            Save new password
          </button>
        </form>
      )}
    </div>
  );
}
