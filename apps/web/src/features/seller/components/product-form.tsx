import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { conditionDefinitions, conditionTypes } from '@laptops/shared/conditions';
import {
  reportSpecFields,
  type HardwareReport,
  type ReportSpecField,
} from '@laptops/shared/hardware-reports';
import { sellerReceivesCents } from '@laptops/shared/deals';
import { productFieldsObject } from '@laptops/shared/products';
import { serialNumberSchema, type ListingSerial } from '@laptops/shared/serial-checks';
import { SelectField, TextareaField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useCategories } from '../../../lib/get-categories.ts';
import { useDealTerms } from '../api/get-deal-terms.ts';
import { productFormMessages as t } from '../messages.ts';
import { FairPriceHint } from './fair-price-hint.tsx';
import { HardwareReportImport } from './hardware-report-import.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { FormSection, productFormParts } from './product-form-fields.tsx';
import {
  changedFields,
  emptyProductForm,
  productFormSchema,
  toFieldName,
  type ProductFieldName,
  type ProductFormInput,
  type ProductFormOutput,
  type ProductFormValues,
} from './product-form-values.ts';
import { SerialNumberField } from './serial-number-field.tsx';
import { SpecFields } from './spec-fields.tsx';
import { photosProblem, usePhotoList, type PhotoTile, type SavedPhoto } from './use-photo-list.ts';

/** What the form hands over once everything in it is right and every photo is uploaded. */
export type ProductFormSubmission = {
  fields: ProductFormOutput;
  /** The photos' URLs, the cover first. */
  photos: string[];
  /** The fields changed from the values the form started with (for an edit). */
  changed: ProductFieldName[];
  photosChanged: boolean;
  /** The signed tokens of the reports imported: the server marks the specs they vouch for. */
  deviceReports: string[];
  /** The fields that still hold what a report read (an edit sends them even if unchanged). */
  fromReport: ProductFieldName[];
  /** The serial number typed or read (normalised); undefined when the field is blank. */
  serialNumber: string | undefined;
};

type ProductFormProps = {
  /** The listing as it is, when editing it; an empty form otherwise. */
  initialValues?: ProductFormValues;
  savedPhotos?: SavedPhoto[];
  /** The price buyers see now and the one crossed out beside it, when editing. */
  priceNow?: { resale: number; was: number | null };
  submitLabel: string;
  /** Whether the listing has a serial on file, when editing (it is never shown back). */
  serialOnFile?: ListingSerial;
  /**
   * Saves the listing; throws (an ApiRequestError with its field errors) when the
   * server refuses it, and the form shows each error on its field.
   */
  onSave: (submission: ProductFormSubmission) => Promise<void>;
};

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * The listing form, for adding a laptop and for editing one: the laptop, its specs,
 * its photos, and the price and place, each under its heading. Photos upload as they
 * are picked; saving waits for any still on their way. On a refusal the form keeps
 * everything, and puts each of the server's field errors on its field.
 */
export function ProductForm({
  initialValues = emptyProductForm,
  savedPhotos = [],
  priceNow,
  submitLabel,
  serialOnFile,
  onSave,
}: ProductFormProps) {
  const categories = useCategories();
  const dealTerms = useDealTerms();
  const photos = usePhotoList(savedPhotos);
  const photoInputRef = useRef<HTMLInputElement>(null);
  /** Once a save was tried, what is wrong with the photos shows (and goes once put right). */
  const [photosChecked, setPhotosChecked] = useState(false);
  /** The server's refusal of the photos, while the photos are still those it refused. */
  const [refusedPhotos, setRefusedPhotos] = useState<{ message: string; tiles: PhotoTile[] }>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: initialValues,
  });
  const grade = useWatch({ control, name: 'conditionType' });
  const enteredPrice = useWatch({ control, name: 'resalePrice' });
  const [categoryId, model, ramGb, storageGb, yearsOfUse] = useWatch({
    control,
    name: ['category', 'model', 'ramGb', 'storageGb', 'yearsOfUse'],
  });
  // What the device report filled in, as the form wrote it: a field keeps its mark
  // while it still holds that value, and loses it once the seller changes it.
  const [imported, setImported] = useState<Partial<Record<ReportSpecField, string>>>({});
  const [reportTokens, setReportTokens] = useState<string[]>([]);
  const specValues = useWatch({ control, name: reportSpecFields });
  const fromReport = new Set<string>(
    reportSpecFields.filter(
      (field, index) => imported[field] !== undefined && specValues[index] === imported[field],
    ),
  );
  const fillFromReport = (report: HardwareReport) => {
    const filled: Partial<Record<ReportSpecField, string>> = {};
    for (const field of report.fields) {
      const value = report.specs[field];
      if (value === undefined) continue;
      filled[field] = String(value);
      setValue(field, String(value), { shouldDirty: true });
      clearErrors(field);
    }
    setImported((before) => ({ ...before, ...filled }));
    setReportTokens((before) => [...before, report.token].slice(-5));
    if (report.serialNumber) {
      setSerial(report.serialNumber);
      setSerialFromReport(report.serialNumber);
      setSerialError(undefined);
    }
    return Object.keys(filled).length;
  };
  // The serial is kept apart from the fields: the server never gives it back.
  const [serial, setSerial] = useState('');
  const [serialFromReport, setSerialFromReport] = useState<string>();
  const [serialError, setSerialError] = useState<string>();
  const serialInputRef = useRef<HTMLInputElement>(null);
  const serialChecked = serial.trim() === '' ? undefined : serialNumberSchema.safeParse(serial);
  const parts = productFormParts({ register, errors, fromReport });
  const { fieldOf, textField, unitField } = parts;

  // The listing's category: the select had no option for it until the categories
  // loaded (and so held none); it is chosen once they have (disabled until then).
  const categoryShown = useRef(false);
  useEffect(() => {
    if (!categories.data || categoryShown.current) return;
    categoryShown.current = true;
    if (initialValues.category) setValue('category', initialValues.category);
  }, [categories.data, initialValues.category, setValue]);

  const photoError =
    (refusedPhotos?.tiles === photos.tiles ? refusedPhotos.message : undefined) ??
    (photosChecked ? (photosProblem(photos.tiles) ?? undefined) : undefined);

  /** Puts the server's field errors on their fields (and the photos'), focusing the first. */
  const showServerErrors = (error: unknown, sentTiles: PhotoTile[]) => {
    if (!(error instanceof ApiRequestError) || !error.fields) return;
    let focused = false;
    for (const [key, message] of Object.entries(error.fields)) {
      if (key === 'serialNumber') {
        setSerialError(message);
        if (!focused) serialInputRef.current?.focus();
        focused = true;
        continue;
      }
      if (key === 'photos' || key === 'image') {
        setRefusedPhotos({ message, tiles: sentTiles });
        if (!focused) photoInputRef.current?.focus();
        focused = true;
        continue;
      }
      const name = toFieldName(key);
      if (!name) continue;
      setError(name, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
  };

  /** The fields are right: wait for the photos still uploading, then save. */
  const saveWhenPhotosReady = async (fields: ProductFormOutput) => {
    setPhotosChecked(true);
    if (serialChecked && !serialChecked.success) {
      setSerialError(serialChecked.error.issues[0]?.message);
      serialInputRef.current?.focus();
      return;
    }
    let tiles = photos.tiles;
    if (tiles.some((tile) => tile.status === 'uploading')) {
      const waiting = toast.loading(t.waitingForPhotos);
      try {
        tiles = await photos.settled();
      } finally {
        toast.dismiss(waiting);
      }
    }
    if (photosProblem(tiles)) {
      photoInputRef.current?.focus();
      return;
    }
    const urls = tiles.map((tile) => tile.url ?? '');
    try {
      await onSave({
        fields,
        photos: urls,
        changed: changedFields(getValues(), initialValues),
        photosChanged: !sameList(
          urls,
          savedPhotos.map((photo) => photo.url),
        ),
        deviceReports: reportTokens,
        fromReport: [...fromReport] as ProductFieldName[],
        serialNumber: serialChecked?.data,
      });
    } catch (error) {
      showServerErrors(error, tiles);
    }
  };

  const onSubmit = (event: FormEvent) =>
    // On wrong fields, their errors show and the first is focused; the photos' show too.
    void handleSubmit(saveWhenPhotosReady, () => setPhotosChecked(true))(event);

  const gradeSummary =
    typeof grade === 'string' && grade in conditionDefinitions
      ? conditionDefinitions[grade as keyof typeof conditionDefinitions].summary
      : undefined;

  const newPrice = productFieldsObject.shape.resalePrice.safeParse(enteredPrice);
  const lowered = priceNow && newPrice.success && newPrice.data < priceNow.resale;
  const crossedOut = priceNow ? Math.max(priceNow.was ?? 0, priceNow.resale) : 0;
  const priceHint = lowered
    ? `${t.priceHint}. ${t.priceLowered(formatPrice(crossedOut))}`
    : t.priceHint;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={isSubmitting || undefined}
      className="flex flex-col gap-8 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-8"
    >
      <FormSection title={t.laptopSection}>
        {textField('name', t.productName, { hint: t.productNameHint, wide: true })}

        <SelectField
          {...fieldOf('category', t.category, {
            after: categories.isError && (
              <div role="alert" className="mt-2 flex items-center gap-2 text-sm text-error">
                <span>{t.categoriesFailed}</span>
                <button
                  type="button"
                  className="btn btn-xs"
                  onClick={() => void categories.refetch()}
                >
                  {t.retry}
                </button>
              </div>
            ),
          })}
          selectProps={{
            className: 'select w-full',
            disabled: categories.isPending,
            ...register('category'),
          }}
        >
          <option value="">
            {categories.isPending ? t.categoriesLoading : t.categoryPlaceholder}
          </option>
          {categories.data?.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>

        <SelectField
          {...fieldOf('conditionType', t.conditionType, {
            hint: gradeSummary,
            after: (
              <a
                href={paths.conditions.getHref()}
                target="_blank"
                rel="noopener"
                className="link mt-1 inline-block text-sm"
              >
                {t.conditionsLink}
                <span className="sr-only"> {t.opensInNewTab}</span>
              </a>
            ),
          })}
          selectProps={{ className: 'select w-full', ...register('conditionType') }}
        >
          <option value="">{t.conditionPlaceholder}</option>
          {conditionTypes.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </SelectField>

        {textField('yearsOfUse', t.yearOfUse, { hint: t.yearOfUseHint, inputMode: 'numeric' })}

        <TextareaField
          {...fieldOf('description', t.description, { hint: t.descriptionHint, wide: true })}
          textareaProps={{ rows: 5, className: 'textarea w-full', ...register('description') }}
        />
      </FormSection>

      <HardwareReportImport onReport={fillFromReport} />

      <SerialNumberField
        value={serial}
        onChange={(value) => {
          setSerial(value);
          setSerialError(undefined);
        }}
        fromReport={serialFromReport !== undefined && serial === serialFromReport}
        error={serialError}
        onFile={serialOnFile}
        inputRef={serialInputRef}
      />

      <SpecFields parts={parts} register={register} />

      <FormSection title={t.photosSection}>
        <PhotoPicker photos={photos} error={photoError} inputRef={photoInputRef} />
      </FormSection>

      <FormSection title={t.priceSection}>
        {unitField(
          'originalPrice',
          t.originalPrice,
          { before: '$' },
          { hint: t.originalPriceHint, inputMode: 'decimal' },
        )}
        {unitField(
          'resalePrice',
          t.resalePrice,
          { before: '$' },
          {
            hint: dealTerms.data ? (
              <>
                {priceHint}
                <span className="mt-1 block font-medium text-base-content/90">
                  {feeText(dealTerms.data.feePercent, newPrice.data)}
                </span>
              </>
            ) : (
              priceHint
            ),
            inputMode: 'decimal',
          },
        )}
        <FairPriceHint fields={{ categoryId, model, ramGb, storageGb, yearsOfUse }} />
        {textField('location', t.location, {
          hint: t.locationHint,
          autoComplete: 'address-level2',
        })}
        {textField('mobileNumber', t.mobileNumber, {
          hint: t.mobileHint,
          inputMode: 'tel',
          autoComplete: 'tel',
        })}
      </FormSection>

      <div>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** What the seller receives of the price typed, after the platform's fee. */
function feeText(feePercent: number, price: number | undefined): string {
  if (feePercent === 0) return t.noFee;
  if (price === undefined || !(price > 0)) return t.feeOnly(feePercent);
  const receive = sellerReceivesCents(Math.round(price * 100), Math.round(feePercent * 100));
  return t.youReceive(formatPrice(receive / 100), feePercent);
}
