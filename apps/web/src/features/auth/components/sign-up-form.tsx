import { zodResolver } from '@hookform/resolvers/zod';
import {
  LearnerSignUpBodySchema,
  SignUpBodySchema,
  isAdultAt,
  type Role,
  type SignUpBody,
} from '@vidya/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Field } from '#src/components/ui/field.tsx';
import { PasswordField } from '#src/components/ui/password-field.tsx';
import { MONTH_OPTIONS, SelectField, yearOptions } from '#src/components/ui/select-field.tsx';
import { LOGIN_PATH, paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { useSignUp } from '../api/session.ts';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'password',
  'birthMonth',
  'birthYear',
  'parentEmail',
] as const;

/** The sign-up form of one role's page; success goes to /checkemail (SPEC §2, §5). */
export function SignUpForm({ role }: { role: Role }) {
  const navigate = useNavigate();
  const signUp = useSignUp(role);
  const [formError, setFormError] = useState<string | null>(null);
  const isLearner = role === 'learners';
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<SignUpBody>({
    // A learner also gives a month and year of birth and, under 18, a parent's e-mail.
    resolver: zodResolver(isLearner ? LearnerSignUpBodySchema : SignUpBodySchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', username: '', password: '' },
  });

  const onValid = async (body: SignUpBody) => {
    setFormError(null);
    try {
      const result = await signUp.mutateAsync(body);
      sessionStorage.setItem('vidya.pending-email', result.email);
      await navigate(paths.checkEmail, { state: { email: result.email } });
    } catch (error) {
      console.error('Sign-up failed', error);
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) setError(field, { message });
        }
        setFormError(error.message);
      } else setFormError('Something went wrong. Please try again.');
    }
  };

  const onInvalid = () => window.alert('Your form is invalid');
  const [birthYear, birthMonth] = useWatch({ control, name: ['birthYear', 'birthMonth'] });
  const isChild =
    isLearner &&
    Number.isInteger(birthYear) &&
    Number.isInteger(birthMonth) &&
    !isAdultAt(birthYear!, birthMonth!, new Date());

  return (
    <form className="form" noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)}>
      <div className="form-row">
        <Field
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <Field
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Username"
        autoComplete="username"
        hint="3–30 letters, digits, _ . or -. Teachers and parents find you by it."
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {isLearner && (
        <fieldset className="fieldset">
          <legend>Month and year of birth</legend>
          <p className="field-hint">
            We ask only for the month and year. If you are under 18, a parent needs to say yes to your
            account.
          </p>
          <div className="form-row">
            <SelectField
              label="Month"
              placeholder="Choose a month"
              options={MONTH_OPTIONS}
              autoComplete="bday-month"
              error={errors.birthMonth?.message}
              {...register('birthMonth', { valueAsNumber: true })}
            />
            <SelectField
              label="Year"
              placeholder="Choose a year"
              options={yearOptions()}
              autoComplete="bday-year"
              error={errors.birthYear?.message}
              {...register('birthYear', { valueAsNumber: true })}
            />
          </div>
        </fieldset>
      )}
      {isChild && (
        <Field
          label="Your parent's e-mail"
          type="email"
          autoComplete="off"
          hint="We will ask your parent or guardian to say yes. Until they do, you can take quizzes. If nobody says yes within 7 days, the account is deleted."
          error={errors.parentEmail?.message}
          {...register('parentEmail')}
        />
      )}
      {formError && (
        <p role="alert" className="form-error">
          {formError}
        </p>
      )}
      <button type="submit" className="button button-wide" disabled={signUp.isPending}>
        {signUp.isPending ? 'Signing up…' : 'Sign Up'}
      </button>
      <p className="form-footer">
        Already have an account? <Link to={LOGIN_PATH[role]}>Login</Link>
      </p>
    </form>
  );
}
