/**
 * The texts Home and every page share (navbar, footer, cards, errors). Each dashboard
 * feature keeps its own texts in its messages.ts, so that they load with its screens
 * rather than with Home.
 */
export const messages = {
  appName: 'Laptop Resale',
  networkError: 'Could not reach the marketplace. Check your connection and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  loading: 'Loading',
  /** A grid of cards with none to show: nothing is for sale. */
  noLaptops: 'No laptops for sale yet.',
  home: {
    welcomeTitle: 'Welcome to Laptop Resale',
    welcomeText: 'Used laptops from sellers you can trust, graded, for far less than new.',
    /** The calls to action under the welcome; Sell yours is for guests and sellers. */
    browseLaptops: 'Browse laptops',
    sellYours: 'Sell yours',
    /** Beside the latest laptops: the search page, which lists every laptop. */
    seeAllLaptops: 'See all laptops',
    advertisedItems: 'Advertised laptops',
    productCategories: 'Categories',
    latestItems: 'Latest laptops',
    listsFailed: 'We could not load the laptops right now.',
    retry: 'Try again',
  },
  productCard: {
    reportProduct: 'Report this laptop',
    askSeller: 'Ask the seller',
    bookNow: 'Book',
    booked: 'Booked',
    payNow: 'Pay now',
    notAvailable: 'Sold',
    verified: 'Verified seller',
    rating: 'Seller rating',
    options: 'More options',
    condition: 'Condition',
    originalPrice: 'Original price',
    resalePrice: 'Resale price',
    wasPrice: 'Was',
    /** After the price new, struck through: "$1,299.00 new". */
    new: 'new',
    /** Before what the laptop costs less than new: "Save $549.50". */
    saving: 'Save',
    specs: 'Specs',
    save: (name: string) => `Save ${name}`,
    unsave: (name: string) => `Remove ${name} from saved`,
  },
  guard: {
    /** On the login page, when the session ended elsewhere (also the error that says so). */
    signedOut: 'You have been signed out. Please log in again.',
  },
  nav: {
    home: 'Home',
    blogs: 'Blogs',
    dashboard: 'Dashboard',
    messages: 'Messages',
    unread: (n: number) => (n === 1 ? ', 1 unread' : `, ${n} unread`),
    login: 'Log in',
    logout: 'Log out',
    loggedOut: 'You are logged out.',
    profile: 'My profile',
    saved: 'Saved laptops',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  errors: {
    errorTitle: 'Something went wrong',
    errorText: 'This page could not be shown. Please try again in a moment.',
    backHome: 'Back to home',
    reload: 'Reload',
  },
  footer: {
    description:
      'Laptop Resale is the marketplace for used laptops: verified sellers, honest condition grades and secure card payment.',
    contacts: 'Contacts',
    phone: '+1 (512) 555-0134',
    email: 'hello@laptop-resale.example',
    address: '500 Congress Ave, Austin, TX 78701',
    social: 'Follow us',
    links: 'Links',
    faq: 'FAQ',
    privacy: 'Privacy',
    terms: 'Terms of use',
    /** The year is the visitor's current one, read when the footer is drawn. */
    copyright: (year: number) => `© ${year} Laptop Resale. All rights reserved.`,
  },
  /** Said on a card's Book Now; the modal's texts load with it (features/orders). */
  booking: {
    buyersOnly: 'Only buyer accounts can book laptops.',
    buyersOnlySave: 'Only buyer accounts can save laptops.',
    /** `what`: "book this laptop", "ask the seller"… */
    logInTo: (what: string) => `Please log in to ${what}.`,
  },
  /** The navbar's search box; the search page's texts load with it (features/search). */
  search: {
    navbarLabel: 'Search laptops',
    navbarPlaceholder: 'Search laptops',
    navbarSubmit: 'Search',
  },
} as const;
