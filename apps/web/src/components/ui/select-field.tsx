import { useId, type ComponentProps } from 'react';

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
  /** The first, empty choice (e.g. "Choose a month"). */
  placeholder: string;
}

/** A labelled select whose error is tied to it for screen readers. */
export function SelectField({ label, error, options, placeholder, id, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <div className="field-row">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...select}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** The months as select options (value 1–12). */
export const MONTH_OPTIONS = MONTHS.map((label, i) => ({ value: String(i + 1), label }));
/** Years from this one back 100, newest first. */
export const yearOptions = (now = new Date()) =>
  Array.from({ length: 101 }, (_, i) => String(now.getFullYear() - i)).map((y) => ({ value: y, label: y }));
