import { useId, type ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, FieldShell } from '../../../components/ui/form-field.tsx';
import { hardwareReportMessages, productFormMessages as t } from '../messages.ts';
import type { ProductFieldName, ProductFormInput } from './product-form-values.ts';

/** How a field is laid out and said. */
export type FieldOptions = {
  hint?: ReactNode;
  /** A whole row when wide; otherwise half of one from the sm breakpoint. */
  wide?: boolean;
  /** Says "(optional)" after the label. */
  optional?: boolean;
  /** What may be typed: whole numbers or decimals bring up the number keyboard on phones. */
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel';
  autoComplete?: string;
  /** Drawn under the field: a link, a retry. */
  after?: ReactNode;
};

// Two fields side by side share their rows (CSS subgrid): a long error beside one
// label moves both inputs down together instead of setting them out of line.
const pairCell = 'sm:row-span-2 sm:grid sm:grid-rows-subgrid sm:gap-y-0';

/**
 * The listing form's fields, drawn alike: the label (with "(optional)" when it is),
 * the error in red beside it, the hint under the control, and half a row or a whole.
 */
export function productFormParts({
  register,
  errors,
  fromReport,
}: {
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
  /** The fields that still hold what the device report said: marked beside their label. */
  fromReport?: ReadonlySet<string>;
}) {
  /** A field's label, error and place, as the form-field primitives take them. */
  const fieldOf = (name: ProductFieldName, label: string, options: FieldOptions = {}) => ({
    label: (
      <>
        {label}
        {options.optional && (
          <>
            {' '}
            <span className="font-normal text-base-content/70">{t.optional}</span>
          </>
        )}
        {fromReport?.has(name) && (
          <>
            {' '}
            <span className="badge badge-soft badge-info badge-sm ml-1 align-middle font-normal whitespace-nowrap">
              {hardwareReportMessages.fromReport}
            </span>
          </>
        )}
      </>
    ),
    hint: options.hint,
    after: options.after,
    error: errors[name]?.message,
    errorBesideLabel: true,
    className: options.wide ? 'sm:col-span-2' : pairCell,
    groupControl: !options.wide,
  });

  const textField = (name: ProductFieldName, label: string, options: FieldOptions = {}) => (
    <Field
      {...fieldOf(name, label, options)}
      inputProps={{
        type: options.inputMode === 'tel' ? 'tel' : 'text',
        inputMode: options.inputMode,
        autoComplete: options.autoComplete ?? 'off',
        className: 'input w-full',
        ...register(name),
      }}
    />
  );

  /** A number with its unit in the box ("$" before a price, "GB" after memory). */
  const unitField = (
    name: ProductFieldName,
    label: string,
    unit: { before?: string; after?: string },
    options: FieldOptions = {},
  ) => (
    <FieldShell
      {...fieldOf(name, label, options)}
      control={(props) => (
        <div className="input w-full">
          {unit.before && (
            <span className="text-base-content/75" aria-hidden="true">
              {unit.before}
            </span>
          )}
          <input
            type="text"
            inputMode={options.inputMode ?? 'numeric'}
            autoComplete="off"
            {...props}
            {...register(name)}
          />
          {unit.after && (
            <span className="text-base-content/75" aria-hidden="true">
              {unit.after}
            </span>
          )}
        </div>
      )}
    />
  );

  return { fieldOf, textField, unitField };
}

export type ProductFormParts = ReturnType<typeof productFormParts>;

/**
 * One part of the form under its heading: a group named by the heading, so screen
 * readers say which part a field is in, and their heading lists show the parts.
 */
export function FormSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="grid min-w-0 gap-5 border-t border-base-300 pt-6 first:border-t-0 first:pt-0 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {intro && <p className="mt-1 text-sm text-base-content/75">{intro}</p>}
      </div>
      {children}
    </div>
  );
}
