/** The texts of the seller screens; they load with those screens. */

/** The listing form, as Add a laptop and Edit share it. */
export const productFormMessages = {
  laptopSection: 'The laptop',
  specsSection: 'Specs',
  specsIntro:
    'Buyers compare these first. The first six are required; fill in what you know of the rest.',
  photosSection: 'Photos',
  priceSection: 'Price and place',
  optional: '(optional)',
  productName: 'Product name',
  productNameHint: 'Brand and model, like Dell XPS 13 9310',
  location: 'Location',
  locationHint: 'Your town or area, where buyers can meet you',
  category: 'Category',
  categoryPlaceholder: 'Choose a category',
  categoriesLoading: 'Loading categories…',
  categoriesFailed: 'We could not load the categories.',
  retry: 'Try again',
  conditionType: 'Condition',
  conditionPlaceholder: 'Choose a condition',
  conditionsLink: 'What do the grades mean?',
  opensInNewTab: '(opens in a new tab)',
  mobileNumber: 'Mobile number',
  mobileHint: 'Shown only to a buyer who books your laptop, on their order page',
  originalPrice: 'Original price',
  originalPriceHint: 'What it cost new, in US dollars',
  resalePrice: 'Resale price',
  priceHint: 'In US dollars, like 649.99',
  /** Under the price: what the seller gets of it, from the platform's fee. */
  youReceive: (amount: string, percent: number) =>
    `You receive ${amount} after our ${percent}% fee.`,
  feeOnly: (percent: number) => `Our fee is ${percent}% of the price; you receive the rest.`,
  noFee: 'No fee: you receive the full price.',
  priceLowered: (oldPrice: string) =>
    `Lower than now: buyers will see ${oldPrice} crossed out beside the new price.`,
  yearOfUse: 'Years of use',
  yearOfUseHint: 'Whole years, 0 if under a year',
  description: 'Description',
  descriptionHint: 'How it was used, what comes with it, why you are selling it',
  model: 'Model',
  modelHint: 'The exact model, like XPS 13 9310 or ThinkPad T14 Gen 2',
  cpuFamily: 'Processor family',
  cpuFamilyPlaceholder: 'Choose a processor family',
  cpuModel: 'Processor model',
  cpuModelHint: 'Like Core i5-8350U, Ryzen 5 5600U or M1 Pro',
  cpuGeneration: 'Processor generation',
  cpuGenerationHint: 'Like 8th gen or Zen 3',
  ramGb: 'Memory (RAM)',
  ramGbHint: 'In GB, like 16',
  storageGb: 'Storage',
  storageGbHint: 'In GB, like 512 (1 TB is 1024 GB)',
  storageType: 'Storage type',
  storageTypePlaceholder: 'Choose a storage type',
  screenInches: 'Screen size',
  screenInchesHint: 'In inches, measured across, like 13.3',
  screenResolution: 'Screen resolution',
  screenResolutionHint: 'Width × height in pixels, like 1920 x 1080',
  graphics: 'Graphics',
  graphicsHint: 'Like Intel Iris Xe or NVIDIA GeForce RTX 3050',
  operatingSystem: 'Operating system',
  operatingSystemHint: 'Like Windows 11 Home or macOS Sonoma',
  keyboardLayout: 'Keyboard layout',
  keyboardLayoutHint: 'Like US English or UK English',
  batteryHealth: 'Battery health',
  batteryHealthHint:
    'In %, how much of its charge the battery still holds compared with new (the battery report or System Information tells)',
  batteryCycles: 'Battery cycle count',
  batteryCyclesHint: 'How many times the battery was charged in full, if you know',
  chargerIncluded: 'Charger included',
  chargerNotSaid: 'Not said',
  chargerYes: 'Yes',
  chargerNo: 'No',
  knownIssues: 'Known issues',
  knownIssuesHint:
    'Anything that does not work perfectly: a sticky key, a dead pixel, a loose hinge. Honest listings sell faster.',
  waitingForPhotos: 'Waiting for the photos to finish uploading…',
};

/** Import a hardware report: the laptop's own account of itself fills the specs. */
export const hardwareReportMessages = {
  title: 'Import a hardware report',
  intro:
    'Your laptop can describe its own hardware and battery. Run one command, then choose the file it wrote: we fill in the specs it names, and you can still change any of them.',
  fromReport: 'From the device report',
  choose: 'Choose the report file',
  chooseHint: 'The .html, .json or .txt file the command wrote, 2 MB at most. Nothing is kept.',
  reading: 'Reading the report…',
  runIn: (system: string) => `On ${system}`,
  filled: (count: number) =>
    count === 1 ? '1 field filled from the report.' : `${count} fields filled from the report.`,
  nothingFilled: 'The report was read, but it names none of the specs on this form.',
  checkThem:
    'Fields marked “From the device report” hold what the laptop said; changing one removes the mark.',
  notes: 'What the report did not tell',
  failed: 'We could not read this report.',
  serial: (serial: string) =>
    `Serial number in the report: ${serial} (filled in below, under Serial number).`,
  pasteLabel: 'Or paste what the command printed',
  pasteHint: 'Copy the whole output from the terminal and paste it here. Nothing is kept.',
  pasteRead: 'Read the pasted text',
  pasteEmpty: 'Paste the command’s output first.',
};

/** The listing form's serial number. */
export const serialFieldMessages = {
  section: 'Serial check',
  intro:
    'Buyers see “Serial checked” on your laptop when it has a serial number that is not reported stolen and no other seller lists.',
  label: 'Serial number',
  optional: '(optional)',
  hint: 'On the underside, in Settings → About (Windows) or About This Mac, or in the hardware report. We keep only a scrambled fingerprint of it: nobody, you included, can read it back.',
  onFileFromDevice: 'A serial number from the device report is on file.',
  onFileTyped: 'A serial number you typed is on file.',
  replaceHint: 'Type a new one to replace it, or leave this blank to keep it.',
};

/** The photo picker: up to eight photos, uploaded as soon as they are picked. */
export const photoPickerMessages = {
  label: 'Add photos',
  hint: (max: number, minSide: number) =>
    `Up to ${max} photos, JPEG, PNG or WebP, at least ${minSide} pixels on the shorter side. The first is the cover; drag them, or use the arrows, to change the order.`,
  full: (max: number) =>
    `You have added ${max} photos, the most a listing can have. Remove one to add another.`,
  shotsTitle: 'Buyers ask to see:',
  shots: [
    'the lid, closed',
    'the screen on, showing its settings or a white page',
    'the keyboard and trackpad',
    'the ports on each side',
    'the underside',
    'any damage, close up',
  ],
  yourPhotos: 'Your photos',
  photo: (position: number) => `Photo ${position}`,
  cover: 'Cover',
  uploading: (position: number) => `Uploading photo ${position}`,
  moveEarlier: (position: number) => `Move photo ${position} earlier`,
  moveLater: (position: number) => `Move photo ${position} later`,
  remove: (position: number) => `Remove photo ${position}`,
  retry: 'Retry',
  retryLabel: (position: number) => `Retry uploading photo ${position}`,
  moved: (position: number, count: number) => `Photo moved to position ${position} of ${count}.`,
  removed: (position: number) => `Photo ${position} removed.`,
  tooMany: (max: number, left: number) =>
    left === 1
      ? `A listing can have at most ${max} photos: 1 photo was not added.`
      : `A listing can have at most ${max} photos: ${left} photos were not added.`,
  notAdded: (fileName: string, reason: string) => `${fileName} was not added: ${reason}`,
  failed: (position: number) => `Photo ${position} could not be uploaded: retry it, or remove it`,
};

export const addProductMessages = {
  title: 'Add a laptop',
  intro: 'Describe your laptop honestly: buyers see every field on its page.',
  submit: 'Add laptop',
  saving: 'Adding your laptop…',
  success: 'Your laptop is now listed.',
  /** `checkFields`: the server refused some fields, and says so on each. */
  saveFailed: (reason: string, checkFields: boolean) =>
    `Your laptop could not be added: ${reason.replace(/[.!\s]+$/, '')}.${checkFields ? ' Please check the fields and try again.' : ''}`,
};

export const editProductMessages = {
  title: (name: string) => `Edit ${name}`,
  intro: 'Change what you need, then save: buyers see the new details at once.',
  submit: 'Save changes',
  saving: 'Saving your changes…',
  success: 'Your changes are saved.',
  nothingChanged: 'Nothing was changed.',
  saveFailed: (reason: string, checkFields: boolean) =>
    `Your changes could not be saved: ${reason.replace(/[.!\s]+$/, '')}.${checkFields ? ' Please check the fields and try again.' : ''}`,
  notFoundTitle: 'Laptop not found',
  notFoundText: 'This laptop is not one of your listings, or it has been deleted.',
  soldTitle: 'This laptop is sold',
  soldText: 'A sold laptop cannot be edited: its listing stays as its buyer saw it.',
  viewLaptop: 'See its page',
  loadFailed: 'We could not load this laptop.',
  retry: 'Try again',
  backToMyProducts: 'Back to My products',
};

export const myProductsMessages = {
  title: 'My products',
  caption: 'Your laptops, newest first',
  addProduct: 'Add a laptop',
  name: 'Name',
  dateOfPost: 'Posted',
  price: 'Price',
  status: 'Status',
  action: 'Action',
  available: 'Available',
  sold: 'Sold',
  /** Where the laptop's verification photo stands, beside its status. */
  verification: {
    none: 'Not verified',
    'awaiting-photo': 'Verification photo to send',
    'waiting-for-review': 'Photo in review',
    approved: 'Photo verified',
    rejected: 'Photo not approved',
    lapsed: 'Verification lapsed',
  },
  edit: 'Edit',
  /** Names the product too, for screen readers moving between rows. */
  editLabel: (name: string) => `Edit: ${name}`,
  advertise: 'Advertise',
  /** Names the product too, for screen readers moving between rows. */
  advertiseLabel: (name: string) => `Advertise: ${name}`,
  advertised: 'Advertised',
  advertiseSuccess: (name: string) => `${name} is now advertised on the home page.`,
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete: ${name}`,
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteConfirm:
    'Delete this laptop? It comes off the marketplace, and nobody can book it any more.',
  deleteSuccess: (name: string) => `${name} was deleted.`,
  empty: 'You have not listed any laptops yet.',
  loadFailed: 'We could not load your laptops.',
  retry: 'Try again',
};

export const myBuyersMessages = {
  title: 'My buyers',
  caption: 'People who booked your laptops',
  email: 'Buyer',
  product: 'Laptop',
  /** Names the laptop and the buyer, for screen readers moving between rows. */
  detailsLabel: (laptop: string, buyer: string) => `Booking details: ${laptop}, booked by ${buyer}`,
  price: 'Price',
  status: 'Status',
  /** Where each booking stands, and what it means for the seller (the badge's tooltip). */
  statuses: {
    unpaid: { label: 'Not paid yet', hint: 'Booked, but not paid.' },
    paid: {
      label: 'Paid, money held',
      hint: 'We hold the payment until the handover: enter the buyer’s code on the order page.',
    },
    disputed: { label: 'Disputed', hint: 'We hold the payment until an admin settles it.' },
    completed: { label: 'Completed', hint: 'The payment was released to you.' },
    refunded: { label: 'Refunded', hint: 'The buyer’s payment was refunded in full.' },
    'partly-refunded': {
      label: 'Partly refunded',
      hint: 'Part of the payment was refunded to the buyer; the rest was released to you.',
    },
    'sold-to-another': { label: 'Sold to another buyer', hint: 'Another buyer paid first.' },
    withdrawn: { label: 'Withdrawn', hint: 'You took this laptop off the marketplace.' },
  },
  empty: 'Nobody has booked your laptops yet.',
  loadFailed: 'We could not load your buyers.',
  retry: 'Try again',
};
