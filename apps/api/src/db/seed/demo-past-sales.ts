import type { LaptopSpecs } from '@laptops/shared/laptop-specs';
import type { DemoProduct } from './demo-data.ts';

/*
 * Earlier sales of the Dell XPS 13 9315 (16 GB, 512 GB), each bought, handed over and
 * reviewed, so the demo has enough similar sales (FAIR_PRICE_MIN_SALES) for the fair
 * price to show: Marcus's XPS 13 for sale is then "below similar sales" on its page,
 * and a seller pricing one sees the range. Sold by Sofia and Ayesha, whose own listings
 * the other demo flows do not count.
 */

const xps13 = (name: string, sale: Partial<DemoProduct> & Pick<DemoProduct, 'resalePrice'>) => ({
  brand: 'Dell' as const,
  name,
  description:
    'Dell XPS 13 9315 with the 12th Gen Core i7, 16 GB memory and a 512 GB SSD. Works perfectly; sold with its USB-C charger.',
  conditionType: 'Good' as const,
  yearsOfUse: 1,
  originalPrice: 1299,
  location: 'Denver, CO',
  seller: 'sofia',
  daysAgo: 60,
  soldTo: 'emma',
  handedOver: true as const,
  reviews: {
    ofSeller: { rating: 5, body: 'Just as described, and a friendly handover.' },
    ofBuyer: { rating: 5, body: 'On time and paid through the app.' },
  },
  ...sale,
});

export const demoPastSales: DemoProduct[] = [
  xps13('Dell XPS 13 9315 in Sky, 16 GB, 512 GB', { resalePrice: 849, daysAgo: 30 }),
  xps13('Dell XPS 13 9315 in Umber, 16 GB, 512 GB', {
    resalePrice: 899,
    daysAgo: 75,
    yearsOfUse: 0,
    conditionType: 'Excellent',
    soldTo: 'noah',
  }),
  xps13('Dell XPS 13 9315, 16 GB, 512 GB, with sleeve', {
    resalePrice: 869,
    daysAgo: 110,
    seller: 'ayesha',
    location: 'Austin, TX',
  }),
  xps13('Dell XPS 13 9315 Platinum, 16 GB, 512 GB', {
    resalePrice: 929,
    daysAgo: 150,
    yearsOfUse: 0,
    conditionType: 'Excellent',
    soldTo: 'noah',
  }),
  xps13('Dell XPS 13 9315 for students, 16 GB, 512 GB', {
    resalePrice: 819,
    daysAgo: 200,
    yearsOfUse: 2,
    seller: 'ayesha',
    location: 'Austin, TX',
    reviews: {
      ofSeller: { rating: 4, body: 'Good laptop; a small scratch the photos did not show.' },
      ofBuyer: { rating: 5, body: 'Easy to deal with.' },
    },
  }),
  xps13('Dell XPS 13 9315 Sky Blue, 16 GB, 512 GB', { resalePrice: 889, daysAgo: 260 }),
];

/** Their specs: the XPS 13 listed now, as their sellers typed them. */
export function pastSaleSpecs(xps13Specs: LaptopSpecs): Record<string, LaptopSpecs> {
  return Object.fromEntries(
    demoPastSales.map((sale) => [
      sale.name,
      { ...xps13Specs, batteryHealth: 88, batteryCycles: 210, knownIssues: null },
    ]),
  );
}
