import { zodResolver } from '@hookform/resolvers/zod';
import { CONSENT_NOTICE_VERSION, CreateChildBodySchema, type CreateChildBody } from '@vidya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogCancel, DialogShell } from '#src/components/ui/dialog.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { MONTH_OPTIONS, SelectField, yearOptions } from '#src/components/ui/select-field.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useCreateChild } from '../api/parent-consent.ts';
import { ConsentNotice } from './consent-notice.tsx';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'birthMonth',
  'birthYear',
  'isParent',
  'isAdult',
] as const;

/** A parent creates their child's learner account, giving consent in the same step. */
export function CreateChildDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ username: string; email: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateChild();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateChildBody>({
    resolver: zodResolver(CreateChildBodySchema),
    mode: 'onTouched',
    defaultValues: { noticeVersion: CONSENT_NOTICE_VERSION },
  });
  const onValid = async (body: CreateChildBody) => {
    setFormError(null);
    try {
      const result = await create.mutateAsync(body);
      setCreated({ username: result.username, email: result.email });
      reset({ noticeVersion: CONSENT_NOTICE_VERSION });
    } catch (failure) {
      if (failure instanceof ApiError) {
        for (const field of FIELDS) {
          const message = failure.fields[field];
          if (message) setError(field, { message });
        }
        setFormError(failure.message);
      } else setFormError('Something went wrong. Please try again.');
    }
  };
  return (
    <DialogShell
      trigger={
        <button type="button" className="button button-secondary">
          Create a child’s account
        </button>
      }
      title="Create your child’s account"
      description="You give your consent as you create it. Your child then confirms their e-mail address and chooses their own password."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setCreated(null);
          setFormError(null);
        }
      }}
    >
      {created ? (
        <div role="status" className="success">
          <p>
            The account <strong>{created.username}</strong> is ready. We sent a link to {created.email}: your
            child opens it to confirm the address and choose a password, then logs in.
          </p>
          <div className="dialog-actions">
            <DialogCancel />
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
          <div className="form-row">
            <Field label="Child's first name" error={errors.firstName?.message} {...register('firstName')} />
            <Field label="Child's last name" error={errors.lastName?.message} {...register('lastName')} />
          </div>
          <Field
            label="Child's e-mail"
            type="email"
            autoComplete="off"
            hint="Your child logs in with it. It must be their own, not yours."
            error={errors.email?.message}
            {...register('email')}
          />
          <Field
            label="Username"
            autoComplete="off"
            error={errors.username?.message}
            {...register('username')}
          />
          <div className="form-row">
            <SelectField
              label="Month of birth"
              placeholder="Choose a month"
              options={MONTH_OPTIONS}
              error={errors.birthMonth?.message}
              {...register('birthMonth', { valueAsNumber: true })}
            />
            <SelectField
              label="Year of birth"
              placeholder="Choose a year"
              options={yearOptions()}
              error={errors.birthYear?.message}
              {...register('birthYear', { valueAsNumber: true })}
            />
          </div>
          <details className="notice-details">
            <summary>Read what Vidya keeps about your child, and why</summary>
            <ConsentNotice />
          </details>
          <fieldset className="fieldset">
            <legend>Your declaration</legend>
            <label className="checkbox">
              <input type="checkbox" {...register('isParent')} />I am this child’s parent or lawful guardian.
            </label>
            {errors.isParent && <p className="field-error">{errors.isParent.message}</p>}
            <label className="checkbox">
              <input type="checkbox" {...register('isAdult')} />I am 18 or older, and I give my consent.
            </label>
            {errors.isAdult && <p className="field-error">{errors.isAdult.message}</p>}
          </fieldset>
          {formError && (
            <p role="alert" className="form-error">
              {formError}
            </p>
          )}
          <div className="dialog-actions">
            <DialogCancel />
            <button type="submit" className="button" disabled={create.isPending}>
              Create account
            </button>
          </div>
        </form>
      )}
    </DialogShell>
  );
}
