import type { AdminUser } from '@laptops/shared/admin';
import type { SessionUser } from '@laptops/shared/auth';
import type { DealMoney } from '@laptops/shared/deals';
import type { DisputeDetails } from '@laptops/shared/disputes';
import type { Order, OrderDetails } from '@laptops/shared/orders';
import type { OwnProduct, Product, ProductDetails } from '@laptops/shared/products';
import type { Report } from '@laptops/shared/reports';

/*
 * The contract's records as the server would answer them, for tests: each has
 * plausible values for every field, and takes the ones a test is about as overrides.
 */

/** A laptop for sale: a Dell XPS 13 that Marcus Lee sells in Boston. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f',
    name: 'Dell XPS 13',
    image: '/api/images/xps.webp',
    thumbnail: '/api/images/xps-thumb.webp',
    location: 'Boston, MA',
    description: 'Tiny and light.',
    category: 'c1',
    categoryName: 'Dell',
    conditionType: 'Excellent',
    dateOfPost: '2026-11-20T09:15:00.000Z',
    yearsOfUse: 2,
    originalPrice: 1299,
    resalePrice: 749.5,
    sellerId: 'u-marcus',
    sellerName: 'Marcus Lee',
    sellerImage: null,
    isVerified: false,
    sellerRating: null,
    status: 'available',
    isSold: false,
    isAdvertise: false,
    wasPrice: null,
    specs: {
      cpuModel: 'Core i7-1250U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 13.4,
      batteryHealth: 90,
    },
    ...overrides,
  };
}

/** A laptop as My products gives it to its seller: with the mobile number they gave. */
export function makeOwnProduct(overrides: Partial<OwnProduct> = {}): OwnProduct {
  return {
    ...makeProduct(),
    mobileNumber: '+1 617 555 0100',
    serial: { onFile: false, fromDevice: false },
    verification: 'none',
    ...overrides,
  };
}

/** Bea's booking of Marcus's Dell XPS 13, not paid yet. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o-unpaid',
    productId: 'p1',
    productName: 'Dell XPS 13',
    thumbnail: '/api/images/xps-thumb.webp',
    sellerName: 'Marcus Lee',
    sellerMobileNumber: '+1 512 555 0199',
    sellerLocation: 'Downtown library',
    price: 749.5,
    paid: false,
    status: 'unpaid',
    transactionId: null,
    bookedAt: '2026-11-20T09:15:00.000Z',
    ...overrides,
  };
}

/** A paid deal's money, $800 held until the handover at a 5% fee. */
export function makeDealMoney(overrides: Partial<DealMoney> = {}): DealMoney {
  return {
    charged: 800,
    held: 800,
    fee: 0,
    sellerReceived: 0,
    refunded: 0,
    feePercent: 5,
    releaseDueAt: '2026-11-30T15:15:00.000Z',
    completedAt: null,
    releasedBy: null,
    handoverCode: '482913',
    ...overrides,
  };
}

/** Bea's paid order of Marcus's Dell XPS 13, its money held, on her order page. */
export function makeOrderDetails(overrides: Partial<OrderDetails> = {}): OrderDetails {
  return {
    _id: 'o1',
    viewerIs: 'buyer',
    status: 'paid',
    price: 800,
    bookedAt: '2026-11-27T09:00:00.000Z',
    paidAt: '2026-11-27T15:15:00.000Z',
    transactionId: 'pi_sandbox_123',
    cancelledAt: null,
    refund: null,
    product: { _id: 'p1', name: 'Dell XPS 13', thumbnail: '/api/images/xps-thumb.webp' },
    buyer: { name: 'Bea Buyer', phone: '+1 512 555 0199' },
    seller: { name: 'Marcus Lee', phone: '+1 617 555 0100' },
    meetingLocation: 'Downtown library',
    canPay: false,
    canCancel: false,
    money: makeDealMoney(),
    canEnterHandoverCode: false,
    canConfirmReceived: true,
    canSellerCancel: false,
    dispute: null,
    canOpenDispute: false,
    ...overrides,
  };
}

/** Who is signed in: Bea, a buyer. */
export function makeSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    name: 'Bea Buyer',
    email: 'bea@example.com',
    image: null,
    typeOfUser: 'buyer',
    ...overrides,
  };
}

/** A row of the admin's user lists: Marcus, an unverified seller. */
export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: 'u-1',
    name: 'Marcus Lee',
    email: 'marcus@example.com',
    image: null,
    typeOfUser: 'seller',
    isVerified: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Ava's open report of Marcus's Dell XPS 13. */
export function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    _id: 'r-1',
    productId: '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f',
    productName: 'Dell XPS 13',
    productThumbnail: '/api/images/xps-thumb.webp',
    productPrice: 649.99,
    productCategory: 'c0ffee00-1111-4a8e-9a43-1f2b3c4d5e6f',
    productState: 'for_sale',
    sellerName: 'Marcus Lee',
    reason: 'wrong_details',
    reportText: 'The photos are of another laptop.',
    reporterName: 'Ava Stone',
    createdAt: '2026-11-20T09:15:00.000Z',
    resolved: false,
    resolution: null,
    ...overrides,
  };
}

/** The Dell XPS 13's page: every spec, three photos, Marcus as its seller. */
export function makeProductDetails(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    ...makeProduct(),
    specs: {
      model: 'XPS 13 9315',
      cpuFamily: 'intel-core-i7',
      cpuModel: 'Core i7-1250U',
      cpuGeneration: '12th gen',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      graphics: 'Intel Iris Xe',
      screenInches: 13.4,
      screenResolution: '1920 × 1200',
      operatingSystem: 'Windows 11 Home',
      keyboardLayout: 'US English',
      batteryHealth: 90,
      batteryCycles: 180,
      chargerIncluded: true,
      knownIssues: null,
    },
    photos: ['xps', 'xps-keyboard', 'xps-ports'].map((name) => ({
      url: `/api/images/${name}.webp`,
      thumbnail: `/api/images/${name}-thumb.webp`,
    })),
    seller: { memberSince: '2025-03-02T10:00:00.000Z', laptopsSold: 4 },
    isOwn: false,
    viewerOrder: null,
    specSources: {},
    photoVerified: false,
    serialChecked: false,
    fairPrice: null,
    ...overrides,
  };
}

/** An open dispute as the admins' console shows it: $800 held at a 5% fee. */
export function makeDisputeDetails(overrides: Partial<DisputeDetails> = {}): DisputeDetails {
  return {
    _id: 'd-1',
    orderId: 'o-paid',
    state: 'disputed',
    reason: 'does-not-work',
    details: 'The screen stays black.',
    photos: [{ url: '/api/images/e1.webp', thumbnail: '/api/images/e1-thumb.webp' }],
    openedAt: '2026-11-21T10:00:00.000Z',
    settled: null,
    laptop: { _id: 'p1', name: 'HP EliteBook 840', thumbnail: '/api/images/hp-thumb.webp' },
    price: 800,
    buyer: { name: 'Bea Buyer', email: 'bea@example.test' },
    seller: { name: 'Marcus Lee', email: 'marcus@example.test' },
    money: { charged: 800, held: 800, refunded: 0, fee: 0, sellerReceived: 0, feePercent: 5 },
    timeline: [
      { event: 'booked', at: '2026-11-20T09:15:00.000Z' },
      { event: 'paid', at: '2026-11-20T09:20:00.000Z' },
      { event: 'dispute-opened', at: '2026-11-21T10:00:00.000Z' },
    ],
    messages: { total: 4, sinceOpened: 2 },
    ...overrides,
  };
}
