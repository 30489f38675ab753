import { REPORT_TEXT_MAX, reportInputSchema, reportReasons } from '@laptops/shared/reports';
import { Field } from '../../../components/ui/form-field.tsx';
import { ReportDialog } from '../../../components/ui/report-dialog.tsx';
import { useReportProduct } from '../api/report-product.ts';
import { reportMessages } from '../messages.ts';

type ReportedProduct = { _id: string; name: string };

/**
 * The report modal: the laptop's name read-only, a reason to choose, and details,
 * required when the reason is 'Other'. Open while `product` is set; every way of
 * closing it (Escape, backdrop, Cancel, success) reports onClose. Each opening is for
 * that product only: it starts with nothing chosen.
 */
export function ReportModal({
  product,
  onClose,
}: {
  product: ReportedProduct | null;
  onClose: () => void;
}) {
  if (!product) return null;
  return <ReportProductDialog key={product._id} product={product} onClose={onClose} />;
}

function ReportProductDialog({
  product,
  onClose,
}: {
  product: ReportedProduct;
  onClose: () => void;
}) {
  const t = reportMessages;
  const report = useReportProduct();

  return (
    <ReportDialog
      texts={t}
      reasons={reportReasons}
      textMax={REPORT_TEXT_MAX}
      leading={
        <Field
          label={t.productName}
          inputProps={{
            type: 'text',
            className: 'input w-full bg-base-200',
            value: product.name,
            readOnly: true,
            'aria-readonly': 'true',
          }}
        />
      }
      parse={(fields) => reportInputSchema.safeParse({ productId: product._id, ...fields })}
      send={(input, handlers) => report.mutate(input, handlers)}
      sending={report.isPending}
      onClose={onClose}
    />
  );
}
