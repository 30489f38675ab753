import type { Product } from '@laptops/shared/products';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * What 'Book Now' and 'Report Product' do on a card. Booking and reporting need an
 * account, so until those modals exist both lead to the login page, remembering
 * where the visitor was.
 */
export function useProductActions(): {
  onBook: (product: Product) => void;
  onReport: (product: Product) => void;
} {
  const navigate = useNavigate();
  const location = useLocation();
  const toLogin = useCallback(
    () => void navigate('/login', { state: { from: location } }),
    [navigate, location],
  );
  return { onBook: toLogin, onReport: toLogin };
}
