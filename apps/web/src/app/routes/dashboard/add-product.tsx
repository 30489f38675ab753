import toast from 'react-hot-toast/headless';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { messages } from '../../../lib/messages.ts';
import { useAddProduct } from '../../../features/seller/api/add-product.ts';
import {
  ProductForm,
  type ProductFormSubmission,
} from '../../../features/seller/components/product-form.tsx';
import { addProductMessages as t } from '../../../features/seller/messages.ts';

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : messages.serverError;
const hasFieldErrors = (error: unknown) => error instanceof ApiRequestError && !!error.fields;

/**
 * Add a laptop: its details, specs and photos (uploaded as they are picked), then
 * save it and go to My products. On a refusal the form keeps what the seller typed,
 * and the server's field errors show on their fields.
 */
export function AddProductPage() {
  const navigate = useNavigate();
  const addProduct = useAddProduct();

  const onSave = async ({ fields, photos, deviceReports, serialNumber }: ProductFormSubmission) => {
    const saving = toast.loading(t.saving);
    try {
      await addProduct.mutateAsync({
        ...fields,
        photos,
        ...(deviceReports.length > 0 && { deviceReports }),
        ...(serialNumber && { serialNumber }),
      });
    } catch (error) {
      toast.error(t.saveFailed(errorMessage(error), hasFieldErrors(error)));
      throw error;
    } finally {
      toast.dismiss(saving);
    }
    toast.success(t.success);
    void navigate(paths.dashboard.myProducts.getHref());
  };

  return (
    <section className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
      <p className="mt-2 mb-6 text-base-content/75">{t.intro}</p>
      <ProductForm submitLabel={t.submit} onSave={onSave} />
    </section>
  );
}
