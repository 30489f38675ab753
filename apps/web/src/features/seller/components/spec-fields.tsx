import type { UseFormRegister } from 'react-hook-form';
import { cpuFamilyNames } from '@laptops/shared/cpu-family-names';
import { cpuFamilies, storageTypes } from '@laptops/shared/laptop-specs';
import { SelectField, TextareaField } from '../../../components/ui/form-field.tsx';
import { productFormMessages as t } from '../messages.ts';
import { FormSection, type ProductFormParts } from './product-form-fields.tsx';
import type { ProductFormInput } from './product-form-values.ts';

/**
 * The Specs part of the listing form: what buyers compare first (processor, memory,
 * storage, screen) is required; the rest is asked for, and may be left blank.
 */
export function SpecFields({
  parts: { fieldOf, textField, unitField },
  register,
}: {
  parts: ProductFormParts;
  register: UseFormRegister<ProductFormInput>;
}) {
  return (
    <FormSection title={t.specsSection} intro={t.specsIntro}>
      <SelectField
        {...fieldOf('cpuFamily', t.cpuFamily)}
        selectProps={{ className: 'select w-full', ...register('cpuFamily') }}
      >
        <option value="">{t.cpuFamilyPlaceholder}</option>
        {cpuFamilies.map((family) => (
          <option key={family} value={family}>
            {cpuFamilyNames[family]}
          </option>
        ))}
      </SelectField>
      {textField('cpuModel', t.cpuModel, { hint: t.cpuModelHint })}

      {unitField('ramGb', t.ramGb, { after: 'GB' }, { hint: t.ramGbHint })}
      {unitField('storageGb', t.storageGb, { after: 'GB' }, { hint: t.storageGbHint })}

      <SelectField
        {...fieldOf('storageType', t.storageType)}
        selectProps={{ className: 'select w-full', ...register('storageType') }}
      >
        <option value="">{t.storageTypePlaceholder}</option>
        {storageTypes.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      {unitField(
        'screenInches',
        t.screenInches,
        { after: 'in' },
        { hint: t.screenInchesHint, inputMode: 'decimal' },
      )}

      {textField('model', t.model, { hint: t.modelHint, optional: true })}
      {textField('cpuGeneration', t.cpuGeneration, { hint: t.cpuGenerationHint, optional: true })}

      {textField('screenResolution', t.screenResolution, {
        hint: t.screenResolutionHint,
        optional: true,
      })}
      {textField('graphics', t.graphics, { hint: t.graphicsHint, optional: true })}

      {textField('operatingSystem', t.operatingSystem, {
        hint: t.operatingSystemHint,
        optional: true,
      })}
      {textField('keyboardLayout', t.keyboardLayout, {
        hint: t.keyboardLayoutHint,
        optional: true,
      })}

      {unitField(
        'batteryHealth',
        t.batteryHealth,
        { after: '%' },
        { hint: t.batteryHealthHint, optional: true },
      )}
      {unitField(
        'batteryCycles',
        t.batteryCycles,
        {},
        { hint: t.batteryCyclesHint, optional: true },
      )}

      <SelectField
        {...fieldOf('chargerIncluded', t.chargerIncluded, { optional: true })}
        selectProps={{ className: 'select w-full', ...register('chargerIncluded') }}
      >
        <option value="">{t.chargerNotSaid}</option>
        <option value="yes">{t.chargerYes}</option>
        <option value="no">{t.chargerNo}</option>
      </SelectField>

      <TextareaField
        {...fieldOf('knownIssues', t.knownIssues, {
          hint: t.knownIssuesHint,
          optional: true,
          wide: true,
        })}
        textareaProps={{ rows: 3, className: 'textarea w-full', ...register('knownIssues') }}
      />
    </FormSection>
  );
}
