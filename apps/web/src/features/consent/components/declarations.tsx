import { CONSENT_MESSAGES } from '@vidya/contracts';

export interface DeclarationValues {
  isParent: boolean;
  isAdult: boolean;
}

interface DeclarationsProps {
  values: DeclarationValues;
  onChange: (values: DeclarationValues) => void;
  errors: Partial<Record<keyof DeclarationValues, string>>;
  childName: string;
}

/** The parent's two declarations before consenting: parent or lawful guardian, and an adult. */
export function Declarations({ values, onChange, errors, childName }: DeclarationsProps) {
  return (
    <fieldset className="fieldset">
      <legend>Your declaration</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.isParent}
          aria-invalid={errors.isParent ? true : undefined}
          onChange={(e) => onChange({ ...values, isParent: e.target.checked })}
        />
        I am {childName}’s parent or lawful guardian.
      </label>
      {errors.isParent && <p className="field-error">{errors.isParent}</p>}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.isAdult}
          aria-invalid={errors.isAdult ? true : undefined}
          onChange={(e) => onChange({ ...values, isAdult: e.target.checked })}
        />
        I am 18 or older.
      </label>
      {errors.isAdult && <p className="field-error">{errors.isAdult}</p>}
    </fieldset>
  );
}

/** The messages for declarations not ticked (the same texts the server sends). */
export function declarationErrors(values: DeclarationValues) {
  return {
    ...(values.isParent ? {} : { isParent: CONSENT_MESSAGES.isParent }),
    ...(values.isAdult ? {} : { isAdult: CONSENT_MESSAGES.isAdult }),
  };
}
