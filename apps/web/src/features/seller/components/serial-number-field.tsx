import { Field } from '../../../components/ui/form-field.tsx';
import type { ListingSerial } from '@laptops/shared/serial-checks';
import { hardwareReportMessages, serialFieldMessages as t } from '../messages.ts';
import { FormSection } from './product-form-fields.tsx';

/**
 * The serial number, optional: typed, or filled from a hardware report (then marked
 * "From the device report" while it holds what the report read). The server keeps only
 * a keyed hash of it, so an edit cannot show it back: it says one is on file instead,
 * and a new one typed replaces it.
 */
export function SerialNumberField({
  value,
  onChange,
  fromReport,
  error,
  onFile,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  fromReport: boolean;
  error: string | undefined;
  /** The listing's serial as the server has it, when editing. */
  onFile?: ListingSerial;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const kept = onFile?.onFile
    ? onFile.fromDevice
      ? t.onFileFromDevice
      : t.onFileTyped
    : undefined;
  return (
    <FormSection title={t.section} intro={t.intro}>
      <Field
        label={
          <>
            {t.label} <span className="font-normal text-base-content/70">{t.optional}</span>
            {fromReport && (
              <>
                {' '}
                <span className="badge badge-soft badge-info badge-sm ml-1 align-middle font-normal whitespace-nowrap">
                  {hardwareReportMessages.fromReport}
                </span>
              </>
            )}
          </>
        }
        hint={kept ? `${kept} ${t.replaceHint}` : t.hint}
        error={error}
        errorBesideLabel
        className="sm:col-span-2"
        inputProps={{
          ref: inputRef,
          name: 'serialNumber',
          type: 'text',
          autoComplete: 'off',
          autoCapitalize: 'characters',
          spellCheck: false,
          className: 'input w-full max-w-sm font-mono',
          value,
          onChange: (event) => onChange(event.target.value),
        }}
      />
    </FormSection>
  );
}
