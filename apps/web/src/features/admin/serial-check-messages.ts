/** The admins' serial checks page. */
export const serialCheckMessages = {
  title: 'Serial checks',
  intro:
    'Listings of the same serial number by different sellers, and serials reported stolen. Serial numbers are never stored or shown: only a scrambled fingerprint of each is kept.',
  flagsTitle: 'Flagged serials',
  flagsEmpty: 'No serial is listed by more than one seller, and no stolen serial is listed.',
  flagsCaption: 'Flagged serials',
  reasons: {
    shared: (sellers: number) => `Listed by ${sellers} sellers`,
    stolen: 'Reported stolen',
  },
  sharedHelp:
    'The same serial on listings of different sellers: one laptop cannot be sold twice. Take down the listing that is wrong, or dismiss the flag if they are right (a laptop resold after a sale).',
  stolenHelp: 'Taken off sale when the serial was marked stolen.',
  states: { 'for-sale': 'For sale', sold: 'Sold', 'taken-down': 'Taken down' },
  fromDevice: 'From the device report',
  typed: 'Typed by the seller',
  listedBy: (seller: string, when: string) => `${seller}, listed ${when}`,
  takeDown: 'Take down',
  takeDownLabel: (name: string) => `Take down ${name}`,
  takeDownTitle: 'Take this listing down?',
  takeDownText: (name: string) =>
    `${name} leaves the marketplace; buyers who booked it are told it is no longer for sale.`,
  takenDown: 'The listing is taken down.',
  dismiss: 'Dismiss',
  dismissLabel: 'Dismiss this flag: the listings stay',
  dismissed: 'Dismissed. The flag comes back if another listing carries this serial.',
  markTitle: 'Mark a serial stolen',
  markIntro:
    'Type the serial as the owner or the police gave it (spaces and dashes do not matter). Listings for sale carrying it are taken off sale at once, and new ones are refused.',
  serial: 'Serial number',
  note: 'Note (optional)',
  noteHint: 'Who reported it, a police report number: for admins only.',
  mark: 'Mark stolen',
  marked: (n: number) =>
    n === 0
      ? 'Marked stolen. No listing carried it.'
      : n === 1
        ? 'Marked stolen. 1 listing was taken off sale.'
        : `Marked stolen. ${n} listings were taken off sale.`,
  stolenTitle: 'Stolen serials',
  stolenEmpty: 'No serial is marked stolen.',
  stolenCaption: 'Serials marked stolen',
  noNote: 'No note',
  markedBy: (name: string, when: string) => `Marked by ${name}, ${when}`,
  listings: (n: number) => (n === 1 ? '1 listing carried it' : `${n} listings carried it`),
  unmark: 'Un-mark',
  unmarkLabel: (note: string) => `Un-mark the serial: ${note}`,
  unmarked: 'Un-marked: the serial may be listed again.',
  loadFailed: 'We could not load the serial checks.',
  retry: 'Try again',
  cancel: 'Cancel',
};
