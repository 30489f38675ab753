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
    welcomeText:
      'Buy a budget-friendly used laptop from people you can trust, or give yours a second life. Every listing shows its condition, years of use and both prices, so you know exactly what you get.',
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
    options: 'More options',
    posted: 'Posted',
    yearsOfUse: 'Years of use',
    location: 'Location',
    condition: 'Condition',
    originalPrice: 'Original price',
    resalePrice: 'Resale price',
    wasPrice: 'Was',
    specs: 'Specs',
  },
  contact: {
    title: 'Contact us',
    subtitle:
      'Questions about a laptop, an order or selling with us? Write to us and we will answer by email.',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
    send: 'Send',
    sent: 'Thank you! Your message was sent. We will reply by email soon.',
  },
  category: {
    heading: (name: string) => `${name} laptops`,
    notFoundTitle: 'This category does not exist',
    notFoundText: 'It may have been removed. Pick another category from the home page.',
    backHome: 'Back to home',
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
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFoundText: 'The page you are looking for does not exist or has moved.',
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
  confirm: {
    title: 'Please confirm',
    cancel: 'Cancel',
    close: 'Close',
  },
  /** Said on a card's Book Now; the modal's texts load with it (features/orders). */
  booking: {
    buyersOnly: 'Only buyer accounts can book laptops.',
    logInToBook: 'Please log in to book this laptop.',
    logInToReport: 'Please log in to report this laptop.',
    logInToAsk: 'Please log in to ask the seller.',
  },
  /** The navbar's search box; the search page's texts load with it (features/search). */
  search: {
    navbarLabel: 'Search laptops',
    navbarPlaceholder: 'Search laptops',
    navbarSubmit: 'Search',
  },
} as const;
