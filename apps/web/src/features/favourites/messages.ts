import { formatPrice } from '../../lib/format.ts';

/** The texts of Saved laptops and its email setting; they load with them. */
export const favouriteMessages = {
  title: 'Saved laptops',
  intro: 'Laptops you saved with the heart. We email you when one gets cheaper.',
  loadFailed: 'Your saved laptops could not be loaded.',
  retry: 'Try again',
  emptyTitle: 'You have not saved any laptops yet',
  emptyText:
    'Tap the heart on a laptop to keep it here. We will email you if its price drops, or if another buyer books it.',
  emptyLink: 'Browse laptops',
  sold: 'Sold',
  removed: 'No longer listed',
  priceDropped: (from: number) => `Price dropped from ${formatPrice(from)}`,
  price: 'Price',
  savedOn: 'Saved',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name} from saved`,
  removed_: 'Removed from Saved laptops.',
  emailsTitle: 'Emails about saved laptops',
  emails: 'Email me when a laptop I saved gets cheaper or is booked',
  emailsHint:
    'One email for each price drop (several drops in a few minutes come together), and one when another buyer books the laptop. At most three a day.',
  emailsOn: 'You will get emails about laptops you saved.',
  emailsOff: 'You will not get emails about laptops you saved.',
} as const;
