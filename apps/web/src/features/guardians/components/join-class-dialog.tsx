import { zodResolver } from '@hookform/resolvers/zod';
import { JoinClassBodySchema } from '@vidya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogForm, DialogShell } from '#src/components/ui/dialog.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useJoinClass } from '../api/guardians.ts';

/** A learner's "Class Code": joins a teacher's class with the code the teacher gave. */
export function JoinClassDialog() {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const join = useJoinClass();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof JoinClassBodySchema>, unknown, z.output<typeof JoinClassBodySchema>>({
    resolver: zodResolver(JoinClassBodySchema),
    defaultValues: { code: '' },
  });

  const onValid = async ({ code }: z.output<typeof JoinClassBodySchema>) => {
    setMessage(null);
    try {
      const link = await join.mutateAsync(code);
      setMessage({ ok: true, text: `You joined ${link.className ?? 'the class'}.` });
      reset();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.code)
        setError('code', { message: failure.fields.code });
      else
        setMessage({
          ok: false,
          text: failure instanceof ApiError ? failure.message : 'Something went wrong.',
        });
    }
  };

  return (
    <DialogShell
      trigger={
        <button type="button" className="button">
          Class Code
        </button>
      }
      title="Join a class"
      description="Type the code your teacher gave you. Joining lets your teacher see your progress."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setMessage(null);
          clearErrors();
        }
      }}
    >
      <DialogForm
        onSubmit={(e) => void handleSubmit(onValid)(e)}
        submitLabel="Join"
        isPending={join.isPending}
        error={message?.ok === false ? message.text : null}
        success={message?.ok ? message.text : null}
      >
        <Field
          label="Class code"
          autoComplete="off"
          maxLength={12}
          error={errors.code?.message}
          {...register('code')}
        />
      </DialogForm>
    </DialogShell>
  );
}
