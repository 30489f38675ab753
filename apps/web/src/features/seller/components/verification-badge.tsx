import type { PhotoVerificationStatus } from '@laptops/shared/photo-verification';
import { photoVerificationPanelMessages as t } from '../photo-verification-messages.ts';

const badgeClass: Record<PhotoVerificationStatus | 'none', string> = {
  none: 'badge-ghost',
  'awaiting-photo': 'badge-info',
  'waiting-for-review': 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
  lapsed: 'badge-ghost',
};

/**
 * Where a listing's photo verification stands, as its seller reads it: in the edit
 * page's panel, or in words that name the photo where nothing else does (My products).
 */
export function VerificationBadge({
  status,
  words = t.status,
}: {
  status: PhotoVerificationStatus | 'none';
  words?: Record<PhotoVerificationStatus | 'none', string>;
}) {
  return <span className={`badge ${badgeClass[status]}`}>{words[status]}</span>;
}
