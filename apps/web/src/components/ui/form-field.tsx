import { useId, type ComponentProps, type ReactNode } from 'react';

/** What a field's control is given: its id, and ARIA pointing at its hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldBaseProps = {
  label: ReactNode;
  /** What is wrong with the value; nothing while it is right. */
  error?: string;
  /** A line under the control: what to enter, or what is accepted. */
  hint?: ReactNode;
  /** The error on the label's line, at its end, rather than under the control. */
  errorBesideLabel?: boolean;
  /** The wrapper's classes. */
  className?: string;
  /** Replaces the label's own classes (compact filter forms use smaller labels). */
  labelClassName?: string;
  /**
   * Puts the control and everything under it in one box, so the field is two boxes:
   * the label's line and the rest (the two rows of a subgrid).
   */
  groupControl?: boolean;
  /** Drawn last, under the control, hint and error: a progress bar, a retry. */
  after?: ReactNode;
};

type FieldShellProps = FieldBaseProps & {
  /** The control's id when other code needs it; otherwise one is made up. */
  id?: string;
  /** Draws the control, which spreads the given props onto the element that is labelled. */
  control: (props: FieldControlProps) => ReactNode;
};

/** The red message under (or beside) a field, pointed at by its control's aria-describedby. */
export function FieldError({
  id,
  error,
  className = 'mt-1',
}: {
  id: string;
  error?: string;
  /** Where it sits: spacing, added to the error's own classes. */
  className?: string;
}) {
  if (!error) return null;
  return (
    <p id={id} className={[className, 'text-sm text-error'].filter(Boolean).join(' ')}>
      {error}
    </p>
  );
}

/**
 * A labelled form control with its hint and error: the label points at the control,
 * and the control is marked invalid and described by the hint and the error. For a
 * control of its own shape (a price with a currency sign); the usual ones are
 * Field, TextareaField and SelectField.
 */
export function FieldShell({
  id: givenId,
  label,
  error,
  hint,
  errorBesideLabel = false,
  className,
  labelClassName,
  groupControl = false,
  after,
  control,
}: FieldShellProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');

  const controlPart = (
    <>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {!errorBesideLabel && <FieldError id={errorId} error={error} />}
      {after}
    </>
  );

  return (
    <div className={className}>
      {errorBesideLabel ? (
        <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3">
          <label htmlFor={id} className={labelClassName ?? 'font-medium'}>
            {label}
          </label>
          <FieldError id={errorId} error={error} className="" />
        </div>
      ) : (
        <label htmlFor={id} className={labelClassName ?? 'mb-1 block font-medium'}>
          {label}
        </label>
      )}
      {groupControl ? <div>{controlPart}</div> : controlPart}
    </div>
  );
}

/** A labelled <input>; `inputProps` go onto the input (react-hook-form's register too). */
export function Field({
  inputProps,
  ...shell
}: FieldBaseProps & { inputProps: ComponentProps<'input'> }) {
  return (
    <FieldShell
      {...shell}
      id={inputProps.id}
      control={(props) => <input {...props} {...inputProps} id={props.id} />}
    />
  );
}

/** A labelled <textarea>. */
export function TextareaField({
  textareaProps,
  ...shell
}: FieldBaseProps & { textareaProps: ComponentProps<'textarea'> }) {
  return (
    <FieldShell
      {...shell}
      id={textareaProps.id}
      control={(props) => <textarea {...props} {...textareaProps} id={props.id} />}
    />
  );
}

/** A labelled <select>; its options are the children. */
export function SelectField({
  selectProps,
  children,
  ...shell
}: FieldBaseProps & { selectProps: ComponentProps<'select'>; children: ReactNode }) {
  return (
    <FieldShell
      {...shell}
      id={selectProps.id}
      control={(props) => (
        <select {...props} {...selectProps} id={props.id}>
          {children}
        </select>
      )}
    />
  );
}
