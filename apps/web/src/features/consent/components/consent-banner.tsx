import { AGE_MESSAGES, isAdultAt, type MyConsent } from '@vidya/contracts';
import { useId, useState } from 'react';
import { Field } from '#src/components/ui/field.tsx';
import { MONTH_OPTIONS, SelectField, yearOptions } from '#src/components/ui/select-field.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useGiveAge, useMyConsent, useResendConsent } from '../api/my-consent.ts';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

function failureText(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.';
}

/** While a parent has not answered: the days left, what waits, and sending the request again. */
function Waiting({ consent }: { consent: MyConsent }) {
  const resend = useResendConsent();
  const [email, setEmail] = useState(consent.parentEmail ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const titleId = useId();
  const days = consent.daysLeft ?? 0;
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setMessage({ ok: false, text: AGE_MESSAGES.parentEmail });
    try {
      await resend.mutateAsync(email.trim());
      setMessage({ ok: true, text: `We sent it again to ${email.trim()}.` });
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      setMessage({ ok: false, text: fields.parentEmail ?? failureText(failure) });
    }
  };
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <h2 id={titleId}>Your parent needs to say yes</h2>
      <p>
        We sent a message to <strong>{consent.parentEmail}</strong>. Until your parent or guardian says yes,
        you can take quizzes. The tutor, classes and teachers wait until then.
      </p>
      <p>
        <strong>
          {days} {days === 1 ? 'day' : 'days'} left.
        </strong>{' '}
        If nobody says yes by {consent.expiresAt ? dateText(consent.expiresAt) : 'then'}, your account and
        everything in it will be deleted.
      </p>
      <form className="inline-form" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <Field
          label="Parent's e-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="button button-small" disabled={resend.isPending}>
          Send again
        </button>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'success' : 'form-error'}>
          {message.text}
        </p>
      )}
    </section>
  );
}

/** An account with no recorded age (older, or made by social sign-in): ask for it once. */
function AskAge() {
  const giveAge = useGiveAge();
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [parentEmail, setParentEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const titleId = useId();
  const isChild = month !== '' && year !== '' && !isAdultAt(Number(year), Number(month), new Date());
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!month) found.birthMonth = AGE_MESSAGES.birthMonth;
    if (!year) found.birthYear = AGE_MESSAGES.birthYear;
    if (isChild && !parentEmail.trim()) found.parentEmail = AGE_MESSAGES.parentEmail;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await giveAge.mutateAsync({
        birthMonth: Number(month),
        birthYear: Number(year),
        ...(isChild ? { parentEmail: parentEmail.trim() } : {}),
      });
    } catch (failure) {
      setErrors(
        failure instanceof ApiError && Object.keys(failure.fields).length
          ? failure.fields
          : { form: failureText(failure) },
      );
    }
  };
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <h2 id={titleId}>Tell us your month and year of birth</h2>
      <p>
        We ask everyone once. If you are under 18, a parent needs to say yes before you can use the tutor,
        join a class or link with a teacher.
      </p>
      <form className="form" noValidate onSubmit={(e) => void handleSubmit(e)}>
        <div className="form-row">
          <SelectField
            label="Month"
            placeholder="Choose a month"
            options={MONTH_OPTIONS}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            error={errors.birthMonth}
          />
          <SelectField
            label="Year"
            placeholder="Choose a year"
            options={yearOptions()}
            value={year}
            onChange={(e) => setYear(e.target.value)}
            error={errors.birthYear}
          />
        </div>
        {isChild && (
          <Field
            label="Your parent's e-mail"
            type="email"
            value={parentEmail}
            onChange={(e) => setParentEmail(e.target.value)}
            error={errors.parentEmail}
          />
        )}
        {errors.form && (
          <p role="alert" className="form-error">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button button-small" disabled={giveAge.isPending}>
          Save
        </button>
      </form>
    </section>
  );
}

/** On every learner page: what a child waiting for a parent's consent needs to know, from the first day. */
export function ConsentBanner() {
  const { data: consent } = useMyConsent();
  if (consent?.status === 'pending') return <Waiting consent={consent} />;
  if (consent?.status === 'unknown') return <AskAge />;
  return null;
}
