import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { acceptedImageTypes, MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { imageMessages, productMessages } from '@laptops/shared/messages';
import { conditionTypes } from '@laptops/shared/conditions';
import { productFieldsSchema } from '@laptops/shared/products';
import { paths } from '../../../config/paths.ts';
import {
  Field,
  FieldShell,
  SelectField,
  TextareaField,
} from '../../../components/ui/form-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCategories } from '../../../lib/get-categories.ts';
import { messages } from '../../../lib/messages.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useAddProduct } from '../../../features/seller/api/add-product.ts';
import { addProductMessages } from '../../../features/seller/messages.ts';

/**
 * The product image input's value (a FileList, or nothing before it was touched):
 * required, and checked here as the server checks it (type and size), so the
 * seller hears about a wrong file before anything is sent.
 */
const productImageSchema = z.custom<FileList | undefined>().superRefine((files, context) => {
  const file = files?.[0];
  if (!file) {
    context.addIssue({ code: 'custom', message: productMessages.image });
  } else if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    context.addIssue({ code: 'custom', message: imageMessages.unsupported });
  } else if (file.size > MAX_IMAGE_BYTES) {
    context.addIssue({ code: 'custom', message: imageMessages.tooLarge });
  }
});

const addProductFormSchema = productFieldsSchema.extend({ image: productImageSchema });
type FormInput = z.input<typeof addProductFormSchema>;
type FormOutput = z.output<typeof addProductFormSchema>;
type FieldName = FieldPath<FormInput>;

const fieldNames = [
  'name',
  'location',
  'category',
  'conditionType',
  'mobileNumber',
  'originalPrice',
  'resalePrice',
  'yearsOfUse',
  'image',
  'description',
] as const satisfies readonly FieldName[];

/** The server names its fields as the contract does; the older names are accepted too. */
const serverFieldAliases: Record<string, FieldName> = {
  productName: 'name',
  yearOfUse: 'yearsOfUse',
};

function toFieldName(key: string): FieldName | undefined {
  if ((fieldNames as readonly string[]).includes(key)) return key as FieldName;
  return serverFieldAliases[key];
}

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : messages.serverError;

/**
 * Add a laptop. Upload the image (with progress), then save the product;
 * on success go to /dashboard/myproducts. On any failure the form keeps what the
 * seller typed, and the server's field errors show on their fields.
 */
export function AddProductPage() {
  const t = addProductMessages;
  const navigate = useNavigate();
  const addProduct = useAddProduct();
  const categories = useCategories();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  /** The last image uploaded, so a retry after a refused save does not upload it again. */
  const uploaded = useRef<{ file: File; url: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: {
      name: '',
      location: '',
      category: '',
      conditionType: undefined,
      mobileNumber: '',
      originalPrice: '',
      resalePrice: '',
      yearsOfUse: '',
      image: undefined,
      description: '',
    },
  });

  /** Puts the server's field errors on their fields, focusing the first. */
  const showFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiRequestError) || !error.fields) return;
    let first = true;
    for (const [key, message] of Object.entries(error.fields)) {
      const name = toFieldName(key);
      if (!name) continue;
      setError(name, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  const onSubmit = handleSubmit(async ({ image, ...fields }) => {
    const file = image?.[0];
    if (!file) return;
    const loadingToast = toast.loading(t.saving);
    try {
      let url = uploaded.current?.file === file ? uploaded.current.url : null;
      if (!url) {
        try {
          setUploadProgress(0);
          url = await uploadImage(file, setUploadProgress);
          uploaded.current = { file, url };
        } catch (error) {
          // The image host refused this file (type, size, unreadable): say so on the field too.
          if (error instanceof ApiRequestError && [400, 413, 415, 422].includes(error.status)) {
            setError('image', { type: 'server', message: error.message }, { shouldFocus: true });
          }
          toast.error(t.uploadFailed(errorMessage(error)));
          return;
        } finally {
          setUploadProgress(null);
        }
      }
      try {
        await addProduct.mutateAsync({ ...fields, image: url });
      } catch (error) {
        // The image was refused: the next try uploads it again.
        if (error instanceof ApiRequestError && error.fields?.image) uploaded.current = null;
        showFieldErrors(error);
        toast.error(t.saveFailed(errorMessage(error)));
        return;
      }
      toast.success(t.success);
      void navigate(paths.dashboard.myProducts.getHref());
    } finally {
      toast.dismiss(loadingToast);
    }
  });

  // Two fields side by side share their rows (CSS subgrid): a long error beside one
  // label moves both inputs down together instead of setting them out of line.
  const pairCell = 'sm:row-span-2 sm:grid sm:grid-rows-subgrid sm:gap-y-0';

  /** A field's label, its error (in red, beside the label) and its place: a whole row when wide. */
  const fieldOf = (name: FieldName, label: string, wide = false) => ({
    label,
    error: errors[name]?.message,
    errorBesideLabel: true,
    className: wide ? 'sm:col-span-2' : pairCell,
    groupControl: !wide,
  });

  const dollarField = (name: 'originalPrice' | 'resalePrice', label: string) => (
    <FieldShell
      {...fieldOf(name, label)}
      hint={t.priceHint}
      control={(props) => (
        <div className="input w-full">
          <span className="text-base-content/75" aria-hidden="true">
            $
          </span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...props}
            {...register(name)}
          />
        </div>
      )}
    />
  );

  const uploadPercent = uploadProgress === null ? null : Math.round(uploadProgress * 100);

  return (
    <section className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
      <p className="mt-2 mb-6 text-base-content/75">{t.intro}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-busy={isSubmitting || undefined}
        className="grid gap-5 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:grid-cols-2 sm:p-8"
      >
        <Field
          {...fieldOf('name', t.productName, true)}
          inputProps={{ type: 'text', className: 'input w-full', ...register('name') }}
        />

        <Field
          {...fieldOf('location', t.location)}
          inputProps={{
            type: 'text',
            autoComplete: 'address-level2',
            className: 'input w-full',
            ...register('location'),
          }}
        />

        <SelectField
          {...fieldOf('category', t.category)}
          selectProps={{
            className: 'select w-full',
            disabled: categories.isPending,
            ...register('category'),
          }}
          after={
            categories.isError && (
              <div role="alert" className="mt-2 flex items-center gap-2 text-sm text-error">
                <span>{t.categoriesFailed}</span>
                <button
                  type="button"
                  className="btn btn-xs"
                  onClick={() => void categories.refetch()}
                >
                  {messages.home.retry}
                </button>
              </div>
            )
          }
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
          {...fieldOf('conditionType', t.conditionType)}
          selectProps={{ className: 'select w-full', ...register('conditionType') }}
        >
          <option value="">{t.conditionPlaceholder}</option>
          {conditionTypes.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </SelectField>

        <Field
          {...fieldOf('mobileNumber', t.mobileNumber)}
          inputProps={{
            type: 'tel',
            autoComplete: 'tel',
            className: 'input w-full',
            ...register('mobileNumber'),
          }}
        />

        {dollarField('originalPrice', t.originalPrice)}
        {dollarField('resalePrice', t.resalePrice)}

        <Field
          {...fieldOf('yearsOfUse', t.yearOfUse)}
          inputProps={{
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'off',
            className: 'input w-full',
            ...register('yearsOfUse'),
          }}
        />

        <Field
          {...fieldOf('image', t.image)}
          hint={t.imageHint}
          inputProps={{
            type: 'file',
            accept: acceptedImageTypes.join(','),
            className: 'file-input w-full',
            ...register('image'),
          }}
          after={
            uploadPercent !== null && (
              <div className="mt-2 flex items-center gap-3">
                <progress
                  className="progress progress-primary w-full"
                  value={uploadPercent}
                  max={100}
                  aria-label={t.uploading}
                />
                <span className="w-12 text-right text-sm tabular-nums" aria-hidden="true">
                  {uploadPercent}%
                </span>
              </div>
            )
          }
        />

        <TextareaField
          {...fieldOf('description', t.description, true)}
          textareaProps={{ rows: 5, className: 'textarea w-full', ...register('description') }}
        />

        <div className="sm:col-span-2">
          <button
            type="submit"
            className="btn btn-primary w-full sm:w-auto"
            disabled={isSubmitting}
          >
            {isSubmitting && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {t.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
