import type { ReactNode } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useNavigate, useParams } from 'react-router';
import type { OwnProduct, ProductDetails, ProductEdit } from '@laptops/shared/products';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { messages } from '../../../lib/messages.ts';
import { useProduct } from '../../../features/products/api/get-product.ts';
import { useEditProduct } from '../../../features/seller/api/edit-product.ts';
import { useMyProducts } from '../../../features/seller/api/get-my-products.ts';
import {
  ProductForm,
  type ProductFormSubmission,
} from '../../../features/seller/components/product-form.tsx';
import { productFormValuesOf } from '../../../features/seller/components/product-form-values.ts';
import { PhotoVerificationPanel } from '../../../features/seller/components/photo-verification-panel.tsx';
import { editProductMessages as t } from '../../../features/seller/messages.ts';

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : messages.serverError;
const hasFieldErrors = (error: unknown) => error instanceof ApiRequestError && !!error.fields;

/**
 * /dashboard/myproducts/:id/edit: the seller's own unsold laptop in the listing form,
 * filled in as it is: its page, and its mobile number from My products (no page carries
 * it). Saving sends what changed, then goes back to My products. A laptop that is not
 * the seller's (or is gone) is "not found"; a sold one cannot be edited. Above the form,
 * the listing's photo verification.
 */
export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const mine = useMyProducts();

  if (product.isPending || mine.isPending) return <Spinner />;
  if (product.isError || mine.isError) {
    const missing =
      product.error instanceof ApiRequestError && [400, 404, 410].includes(product.error.status);
    if (missing) return <Notice title={t.notFoundTitle} text={t.notFoundText} />;
    const failed = product.isError ? product : mine;
    return (
      <Notice title={t.loadFailed} text={failed.error?.message ?? ''}>
        <button type="button" className="btn btn-sm" onClick={() => void failed.refetch()}>
          {t.retry}
        </button>
      </Notice>
    );
  }
  const own = mine.data.find((listing) => listing._id === product.data._id);
  if (!product.data.isOwn || !own) {
    return <Notice title={t.notFoundTitle} text={t.notFoundText} />;
  }
  if (product.data.isSold) {
    return (
      <Notice title={t.soldTitle} text={t.soldText}>
        <Link to={paths.laptop.getHref(product.data._id)} className="btn btn-sm">
          {t.viewLaptop}
        </Link>
      </Notice>
    );
  }
  return <EditProductForm product={product.data} own={own} />;
}

/** Why the form is not shown, with the way back to My products. */
function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="text-base-content/80">{text}</p>
      <div className="flex flex-wrap gap-2">
        {children}
        <Link to={paths.dashboard.myProducts.getHref()} className="btn btn-primary btn-sm">
          {t.backToMyProducts}
        </Link>
      </div>
    </section>
  );
}

function EditProductForm({ product, own }: { product: ProductDetails; own: OwnProduct }) {
  const navigate = useNavigate();
  const editProduct = useEditProduct();
  const backToMyProducts = () => void navigate(paths.dashboard.myProducts.getHref());

  const onSave = async ({
    fields,
    photos,
    changed,
    photosChanged,
    deviceReports,
    fromReport,
    serialNumber,
  }: ProductFormSubmission) => {
    const edit: Record<string, unknown> = {};
    for (const name of changed) edit[name] = fields[name];
    // A report that read what the listing already says still vouches for it.
    for (const name of fromReport) edit[name] = fields[name];
    if (photosChanged) edit.photos = photos;
    // Blank keeps the serial on file; a new one replaces it.
    if (serialNumber) edit.serialNumber = serialNumber;
    if (Object.keys(edit).length === 0) {
      toast.success(t.nothingChanged);
      backToMyProducts();
      return;
    }
    if (deviceReports.length > 0) edit.deviceReports = deviceReports;
    const saving = toast.loading(t.saving);
    try {
      await editProduct.mutateAsync({ id: product._id, edit: edit as ProductEdit });
    } catch (error) {
      toast.error(t.saveFailed(errorMessage(error), hasFieldErrors(error)));
      throw error;
    } finally {
      toast.dismiss(saving);
    }
    toast.success(t.success);
    backToMyProducts();
  };

  return (
    <section className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{t.title(product.name)}</h1>
      <p className="mt-2 mb-6 text-base-content/75">{t.intro}</p>
      <PhotoVerificationPanel productId={product._id} />
      <ProductForm
        initialValues={productFormValuesOf(product, own.mobileNumber)}
        serialOnFile={own.serial}
        savedPhotos={product.photos}
        priceNow={{ resale: product.resalePrice, was: product.wasPrice }}
        submitLabel={t.submit}
        onSave={onSave}
      />
    </section>
  );
}
