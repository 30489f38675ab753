/** The texts of a laptop's page and the grades page; they load with those pages. */
export const laptopPageMessages = {
  galleryRole: 'gallery',
  galleryLabel: (name: string) => `Photos of ${name}`,
  photoAlt: (name: string, n: number, of: number) =>
    of > 1 ? `${name}, photo ${n} of ${of}` : name,
  zoom: (n: number) => `Photo ${n}: open at full size`,
  zoomedLabel: (name: string) => `${name} at full size`,
  previous: 'Previous photo',
  next: 'Next photo',
  thumbnails: 'All photos',
  showPhoto: (n: number) => `Show photo ${n}`,
  close: 'Close',
  save: (name: string) => `Save ${name}`,
  unsave: (name: string) => `Remove ${name} from saved`,

  price: 'Price',
  originalPrice: 'Original price',
  wasPrice: 'Was',
  saving: (percent: number) => `${percent}% below the original price`,
  fairPriceBelow: (dollars: string) => `${dollars} below similar sales`,
  fairPriceAbove: (dollars: string) => `${dollars} above similar sales`,
  fairPriceInLine: 'In line with similar sales',
  fairPriceBasis: (sales: number, months: number, low: string, high: string, median: string) =>
    `Based on ${sales.toLocaleString('en-US')} sale${sales === 1 ? '' : 's'} of similar laptops in the last ${months} months: most sold for ${low}–${high}, half for less than ${median}.`,
  grade: 'Condition',
  gradeLink: 'What the grades mean',
  specs: 'Specs',
  fromDeviceReport: 'From the device report',
  enteredBySeller: 'Entered by the seller',
  description: 'Description',
  knownIssues: 'Known issues',
  location: 'Location',
  posted: 'Posted',
  yearsOfUse: 'Years of use',
  unknownSpecs:
    'The seller listed this laptop before specs were asked for; ask them, or read its description.',
  seller: 'Seller',
  verified: 'Verified seller',
  photoVerified: 'Photo verified',
  photoVerifiedMeaning:
    'An admin matched a photo of this laptop, with a code we gave its seller, to the photos here.',
  serialChecked: 'Serial checked',
  serialCheckedMeans:
    'The seller gave its serial number: it is not reported stolen, and no other seller lists it. We never show the number.',
  sellerRating: 'Seller rating',
  memberSince: (date: string) => `Member since ${date}`,
  laptopsSold: (n: number) => (n === 1 ? '1 laptop sold' : `${n} laptops sold`),
  phoneAfterBooking: 'Their phone number is on your order page once you book.',

  protection: 'Buyer protection',
  protectionPoints: [
    'We hold your payment until you have the laptop: the seller is paid at the handover.',
    'Something wrong at the meeting? Keep your handover code and open a dispute; our team can refund you.',
    'You pay by card on this site; the seller never sees your card details.',
  ],
  protectionLink: 'How buyer protection works',

  book: 'Book now',
  payNow: 'Booked: pay now',
  paid: 'You bought this laptop: see your order',
  sold: 'Sold',
  soldNote: 'This laptop has been sold. Its page stays for those who had the link.',
  own: 'This is your listing.',
  edit: 'Edit listing',
  report: 'Report',
  ask: 'Ask the seller',
  share: 'Share',
  linkCopied: 'Link copied.',
  copyFailed: 'Could not copy the link; copy it from the address bar.',

  notFoundTitle: 'We could not find this laptop',
  notFoundText: 'The link may be mistyped. Search the marketplace for laptops like it.',
  goneTitle: 'This laptop is no longer listed',
  goneText: 'Its seller took it down. There are many more laptops like it.',
  browse: 'Browse laptops',
  loadFailed: 'We could not load this laptop.',
  retry: 'Try again',
  home: 'Home',
};

/** Spec labels, in the order the page's table shows them. */
export const specLabels = {
  model: 'Model',
  cpu: 'Processor',
  ramGb: 'Memory (RAM)',
  storage: 'Storage',
  graphics: 'Graphics',
  screen: 'Screen',
  operatingSystem: 'Operating system',
  keyboardLayout: 'Keyboard layout',
  battery: 'Battery health',
  batteryCycles: 'Battery cycles',
  chargerIncluded: 'Charger included',
};

export const conditionsPageMessages = {
  title: 'What our condition grades mean',
  intro:
    'Every laptop on the marketplace is listed in one of three grades. Each grade promises how the laptop looks, that it works, and how much of its battery is left. A seller who lists a battery health below their grade’s minimum is asked to choose a lower grade.',
  cosmetic: 'How it looks',
  function: 'How it works',
  battery: 'Battery',
  batteryMin: (percent: number) =>
    `At least ${percent}% of its design capacity, where the seller gives it`,
  checkTitle: 'Check it when you meet',
  check:
    'Before you hand over the money, switch the laptop on, try every key and port, and look at the battery health in its settings. If it does not match its grade, do not buy it, and report the listing.',
};
