import { useId, useState } from 'react';

/** Mathematics: a free-text answer; Submit is disabled while empty or after submission (SPEC §5). */
export function FreeTextAnswer({
  disabled,
  onSubmit,
}: {
  disabled: boolean;
  onSubmit: (answer: string) => void;
}) {
  const [value, setValue] = useState('');
  const id = useId();
  return (
    <form
      className="answer-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) onSubmit(value);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Your answer
      </label>
      <input
        id={id}
        className="answer-input"
        placeholder="Type your answer here"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        disabled={disabled}
        autoComplete="off"
        inputMode="text"
      />
      <button type="submit" className="button" disabled={disabled || !value.trim()}>
        Submit
      </button>
    </form>
  );
}

/** Multiple choice: radio buttons; Submit Answer is disabled until a choice is made (SPEC §5). */
export function ChoiceAnswer({
  prompt,
  choices,
  disabled,
  correctIndex,
  onSubmit,
}: {
  prompt: string;
  choices: string[];
  disabled: boolean;
  correctIndex?: number | undefined;
  onSubmit: (index: number) => void;
}) {
  // SPEC §4: the selection resets to none (-1) for each new question (the parent keys this by item).
  const [selected, setSelected] = useState(-1);
  const name = useId();
  return (
    <form
      className="answer-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (selected >= 0) onSubmit(selected);
      }}
    >
      <fieldset className="choices">
        <legend className="visually-hidden">{prompt}</legend>
        {choices.map((choice, index) => {
          const state =
            correctIndex === undefined
              ? ''
              : index === correctIndex
                ? 'is-correct'
                : index === selected
                  ? 'is-wrong'
                  : '';
          return (
            <label key={choice} className={`choice ${state}`}>
              <input
                type="radio"
                name={name}
                value={index}
                checked={selected === index}
                onChange={() => setSelected(index)}
                disabled={disabled}
              />
              <span>{choice}</span>
            </label>
          );
        })}
      </fieldset>
      <button type="submit" className="button" disabled={disabled || selected < 0}>
        Submit Answer
      </button>
    </form>
  );
}
