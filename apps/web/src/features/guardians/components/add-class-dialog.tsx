import { zodResolver } from '@hookform/resolvers/zod';
import { CreateClassBodySchema, type Class, type CreateClassBody } from '@vidya/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogForm, DialogShell } from '#src/components/ui/dialog.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useCreateClass } from '../api/guardians.ts';

/** A teacher's "Add new class": names the class, then shows its join code and the other ways to add students. */
export function AddClassDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Class | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const createClass = useCreateClass();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateClassBody>({ resolver: zodResolver(CreateClassBodySchema), defaultValues: { name: '' } });

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      setFormError(null);
      setCreated(null);
    }
  };
  const onValid = async ({ name }: CreateClassBody) => {
    setFormError(null);
    try {
      setCreated(await createClass.mutateAsync(name));
    } catch (failure) {
      if (failure instanceof ApiError) {
        if (failure.fields.name) setError('name', { message: failure.fields.name });
        else setFormError(failure.message);
      } else setFormError('Something went wrong. Please try again.');
    }
  };

  return (
    <DialogShell
      trigger={
        <button type="button" className="button">
          Add new class
        </button>
      }
      title="How would you like to add your students?"
      description="Name the class, then share its code, invite through your classroom service, or add students by username."
      open={open}
      onOpenChange={handleOpenChange}
    >
      {created ? (
        <div className="form">
          <p role="status">
            Class <strong>{created.name}</strong> is ready. Students join it on their Teachers page with the
            code:
          </p>
          <p className="join-code" aria-label={`Class code ${created.joinCode.split('').join(' ')}`}>
            {created.joinCode}
          </p>
          <p>
            Or share it through your classroom service:{' '}
            <a href="https://classroom.google.com/" target="_blank" rel="noreferrer noopener">
              invite from Google Classroom
            </a>
            , or use “Add students” on the class card to add students by username.
          </p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => handleOpenChange(false)}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <DialogForm
          onSubmit={(e) => void handleSubmit(onValid)(e)}
          submitLabel="Create class"
          isPending={createClass.isPending}
          error={formError}
        >
          <Field label="Class name" maxLength={60} error={errors.name?.message} {...register('name')} />
        </DialogForm>
      )}
    </DialogShell>
  );
}
