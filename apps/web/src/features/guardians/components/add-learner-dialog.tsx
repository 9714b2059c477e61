import { zodResolver } from '@hookform/resolvers/zod';
import {
  InstructorLinkFormSchema,
  LINK_REQUEST_SENT,
  PARENT_CONFIRMATION,
  ParentLinkFormSchema,
} from '@vidya/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm, DialogShell } from '#src/components/ui/dialog.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useRequestLink } from '../api/guardians.ts';

interface AddLearnerDialogProps {
  kind: 'parent' | 'instructor';
  trigger: ReactNode;
  classId?: string;
}

type LinkFormInput = z.input<typeof ParentLinkFormSchema | typeof InstructorLinkFormSchema>;
type LinkForm = z.output<typeof ParentLinkFormSchema | typeof InstructorLinkFormSchema>;

/**
 * A teacher's "Connect with your Students" (Student Name) or a parent's "Connect with your kids" (Child's username,
 * with the confirmation checkbox, which we enforce).
 */
export function AddLearnerDialog({ kind, trigger, classId }: AddLearnerDialogProps) {
  const isParent = kind === 'parent';
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const request = useRequestLink();
  const confirmationErrorId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<LinkFormInput, unknown, LinkForm>({
    resolver: zodResolver(isParent ? ParentLinkFormSchema : InstructorLinkFormSchema),
    defaultValues: isParent ? { username: '', confirmed: false } : { username: '' },
  });

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      setFormError(null);
      setSent(null);
    }
  };

  const onValid = async ({ username, confirmed }: LinkForm) => {
    setSent(null);
    setFormError(null);
    try {
      await request.mutateAsync({
        username,
        ...(isParent ? { confirmed } : {}),
        ...(classId ? { classId } : {}),
      });
      // The same words whether or not the username is a learner's: the answer never tells (issue 20).
      setSent(LINK_REQUEST_SENT);
      reset();
    } catch (failure) {
      setFormError(failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <DialogShell
      trigger={trigger}
      title={isParent ? 'Connect with your kids' : 'Connect with your Students'}
      description={
        isParent
          ? 'Enter your child’s Vidya username. Your child accepts the request before you can see their progress; they then appear in your list.'
          : 'Enter the student’s Vidya username. The student accepts the request before you can see their progress; they then appear in your list.'
      }
      open={open}
      onOpenChange={handleOpenChange}
    >
      <DialogForm
        onSubmit={(e) => {
          setSent(null);
          void handleSubmit(onValid)(e);
        }}
        submitLabel="Submit"
        isPending={request.isPending}
        error={formError}
        success={sent}
      >
        <Field
          label={isParent ? "Child's username" : 'Student Name'}
          autoComplete="off"
          required
          error={errors.username?.message}
          {...register('username')}
        />
        {isParent && (
          <>
            <label className="checkbox">
              <input
                type="checkbox"
                required
                aria-invalid={errors.confirmed ? true : undefined}
                aria-describedby={errors.confirmed ? confirmationErrorId : undefined}
                {...register('confirmed')}
              />
              {PARENT_CONFIRMATION}
            </label>
            {errors.confirmed && (
              <p id={confirmationErrorId} className="field-error">
                {errors.confirmed.message}
              </p>
            )}
          </>
        )}
      </DialogForm>
    </DialogShell>
  );
}
