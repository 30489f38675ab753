import type { ConditionType } from '@laptops/shared/conditions';
import type { UserType } from '../schema/users.ts';
import { demoPastSales } from './demo-past-sales.ts';

/** The demo marketplace seeded into an empty embedded database. Listed in the README. */

export const DEMO_PASSWORD = 'demo1234';

export type DemoUser = {
  key: string;
  name: string;
  email: string;
  typeOfUser: UserType;
  isVerified?: boolean;
  accent: string;
};

export const demoUsers: DemoUser[] = [
  {
    key: 'admin',
    name: 'Alex Morgan',
    email: 'admin@example.com',
    typeOfUser: 'admin',
    accent: '#475569',
  },
  {
    key: 'ayesha',
    name: 'Ayesha Rahman',
    email: 'ayesha@example.com',
    typeOfUser: 'seller',
    isVerified: true,
    accent: '#ea580c',
  },
  {
    key: 'marcus',
    name: 'Marcus Lee',
    email: 'marcus@example.com',
    typeOfUser: 'seller',
    isVerified: true,
    accent: '#2563eb',
  },
  {
    key: 'sofia',
    name: 'Sofia Martinez',
    email: 'sofia@example.com',
    typeOfUser: 'seller',
    accent: '#db2777',
  },
  {
    key: 'daniel',
    name: 'Daniel Okafor',
    email: 'daniel@example.com',
    typeOfUser: 'seller',
    accent: '#059669',
  },
  {
    key: 'emma',
    name: 'Emma Wilson',
    email: 'emma@example.com',
    typeOfUser: 'buyer',
    accent: '#7c3aed',
  },
  {
    key: 'noah',
    name: 'Noah Kim',
    email: 'noah@example.com',
    typeOfUser: 'buyer',
    accent: '#0891b2',
  },
];

export const demoCategories = [
  { name: 'Apple', accent: '#64748b' },
  { name: 'Dell', accent: '#0ea5e9' },
  { name: 'HP', accent: '#2563eb' },
  { name: 'Lenovo', accent: '#dc2626' },
  { name: 'ASUS', accent: '#7c3aed' },
  { name: 'Acer', accent: '#16a34a' },
  { name: 'Microsoft', accent: '#f59e0b' },
] as const;

export type DemoProduct = {
  brand: (typeof demoCategories)[number]['name'];
  name: string;
  description: string;
  conditionType: ConditionType;
  yearsOfUse: number;
  originalPrice: number;
  resalePrice: number;
  location: string;
  seller: string;
  daysAgo: number;
  advertised?: boolean;
  /** Sold to this buyer (a paid order is seeded). */
  soldTo?: string;
  /**
   * The buyer collected it: the money was released to the seller, less the demo's fee,
   * and waits in their balance until they set up payouts. Otherwise a sale stays held.
   */
  handedOver?: true;
  /**
   * After a handover, each side's published review of the other: the buyer's of the
   * seller (with the seller's reply, if any) and the seller's of the buyer.
   */
  reviews?: {
    ofSeller: { rating: number; body: string; reply?: string };
    ofBuyer: { rating: number; body: string };
  };
};

export const demoProducts: DemoProduct[] = [
  // Apple
  {
    brand: 'Apple',
    name: 'MacBook Air 13" M2, 8 GB RAM, 256 GB SSD, Midnight',
    description:
      'Bought for university, used mostly for notes and browsing. Battery cycle count 142, health 94%. No dents or scratches on the lid; tiny mark near the trackpad. Comes with the original 30W USB-C charger and box.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 1199,
    resalePrice: 829,
    location: 'Austin, TX',
    seller: 'ayesha',
    daysAgo: 1,
    advertised: true,
  },
  {
    brand: 'Apple',
    name: 'MacBook Pro 14" M1 Pro, 16 GB, 512 GB',
    description:
      'Great machine for photo and video work. Battery health 88%. The display is flawless, keyboard has light shine on a few keys. Sold with a MagSafe 3 charger and a padded sleeve.',
    conditionType: 'Good',
    yearsOfUse: 3,
    originalPrice: 1999,
    resalePrice: 1149,
    location: 'Seattle, WA',
    seller: 'marcus',
    daysAgo: 3,
    advertised: true,
  },
  {
    brand: 'Apple',
    name: 'MacBook Air 13" M1 2020, Space Gray',
    description:
      'Reliable everyday laptop, runs cool and silent. Battery health 85%, lasts a full working day. Small dent on the bottom corner, does not affect anything. Freshly reset to factory settings.',
    conditionType: 'Good',
    yearsOfUse: 4,
    originalPrice: 999,
    resalePrice: 499,
    location: 'Denver, CO',
    seller: 'sofia',
    daysAgo: 6,
  },
  {
    brand: 'Apple',
    name: 'MacBook Pro 16" M2 Max, 32 GB, 1 TB SSD',
    description:
      'Upgraded to a desktop, so this beast has to go. Used for music production in a smoke-free studio. AppleCare+ until next spring. Includes 140W charger and original box.',
    conditionType: 'Excellent',
    yearsOfUse: 2,
    originalPrice: 3499,
    resalePrice: 2249,
    location: 'Nashville, TN',
    seller: 'daniel',
    daysAgo: 9,
    soldTo: 'emma',
  },
  {
    brand: 'Apple',
    name: 'MacBook Pro 13" Intel i5 2019, Touch Bar',
    description:
      'Older but solid. New battery installed six months ago by an authorised shop (receipt included). Some wear on the palm rests. Perfect for a student on a budget.',
    conditionType: 'Fair',
    yearsOfUse: 5,
    originalPrice: 1299,
    resalePrice: 389,
    location: 'Chicago, IL',
    seller: 'ayesha',
    daysAgo: 14,
  },
  {
    brand: 'Apple',
    name: 'MacBook Air 15" M3, 16 GB, Starlight',
    description:
      'Barely used: a gift that arrived the same week as my company laptop. Battery cycle count 18. Still under Apple warranty. Original box, charger and paperwork.',
    conditionType: 'Excellent',
    yearsOfUse: 0,
    originalPrice: 1499,
    resalePrice: 1179,
    location: 'San Diego, CA',
    seller: 'marcus',
    daysAgo: 20,
  },
  // Dell
  {
    brand: 'Dell',
    name: 'Dell XPS 13 9315, i7-1250U, 16 GB, 512 GB',
    description:
      'Tiny and light, perfect for travel. The 13.4" FHD+ screen is bright and sharp. Battery still gives 7 to 8 hours of office work. Comes with USB-C charger and a USB-A adapter.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 1299,
    resalePrice: 749,
    location: 'Boston, MA',
    seller: 'marcus',
    daysAgo: 2,
    advertised: true,
  },
  {
    brand: 'Dell',
    name: 'Dell XPS 15 9520, i7-12700H, RTX 3050 Ti, 32 GB',
    description:
      'Creator laptop with the 3.5K OLED touch display. Colours are stunning. Light scratches on the lid, screen is perfect. Fan was cleaned and repasted last month.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 2299,
    resalePrice: 1199,
    location: 'Portland, OR',
    seller: 'daniel',
    daysAgo: 5,
  },
  {
    brand: 'Dell',
    name: 'Dell Latitude 5420, i5-1145G7, 16 GB, 256 GB',
    description:
      'Business laptop from a company refresh. Backlit keyboard, fingerprint reader and plenty of ports (HDMI, USB-A, USB-C, Ethernet). Windows 11 Pro installed and activated.',
    conditionType: 'Good',
    yearsOfUse: 3,
    originalPrice: 1149,
    resalePrice: 379,
    location: 'Phoenix, AZ',
    seller: 'sofia',
    daysAgo: 8,
  },
  {
    brand: 'Dell',
    name: 'Dell Inspiron 15 3520, i5, 8 GB, 512 GB SSD',
    description:
      'Simple, dependable family laptop. Used for homework and streaming. A few scuffs on the base. The charger cable is a little worn but works perfectly.',
    conditionType: 'Fair',
    yearsOfUse: 2,
    originalPrice: 649,
    resalePrice: 289,
    location: 'Columbus, OH',
    seller: 'ayesha',
    daysAgo: 12,
  },
  {
    brand: 'Dell',
    name: 'Dell G15 5520 Gaming, i7, RTX 3060, 165 Hz',
    description:
      'Plays every recent game at high settings. 165 Hz screen, upgraded to 32 GB RAM and a 1 TB NVMe. No dead pixels. I am switching to a console, hence the sale.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 1399,
    resalePrice: 779,
    location: 'Atlanta, GA',
    seller: 'marcus',
    daysAgo: 16,
    soldTo: 'noah',
    handedOver: true,
    reviews: {
      ofSeller: {
        rating: 5,
        body: 'Marcus met me right on time and let me run a game before paying. Exactly as described, and the fans are quieter than I expected.',
        reply: 'Thanks Noah, enjoy the G15! Happy gaming.',
      },
      ofBuyer: { rating: 5, body: 'Friendly, on time, and paid through the app without any fuss.' },
    },
  },
  {
    brand: 'Dell',
    name: 'Dell Latitude 7440, i7-1365U, 32 GB, 14" FHD+',
    description:
      'Premium business ultrabook, almost new. Long battery life, excellent webcam with privacy shutter, Thunderbolt 4. Comes with the Dell 65W charger.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 1899,
    resalePrice: 1049,
    location: 'Raleigh, NC',
    seller: 'daniel',
    daysAgo: 22,
  },
  // HP
  {
    brand: 'HP',
    name: 'HP Spectre x360 14, i7-1255U, 16 GB, OLED',
    description:
      'Convertible with a gorgeous 3K OLED touch screen and the HP pen included. Hinge is tight, no wobble. The gem-cut edges have a couple of tiny chips.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 1649,
    resalePrice: 849,
    location: 'Miami, FL',
    seller: 'sofia',
    daysAgo: 4,
    advertised: true,
  },
  {
    brand: 'HP',
    name: 'HP EliteBook 840 G8, i5-1135G7, 16 GB, 512 GB',
    description:
      'Sturdy aluminium business laptop. Great keyboard, quiet fans. Battery health 81%. Includes the original 65W HP charger and a docking-friendly USB-C port.',
    conditionType: 'Good',
    yearsOfUse: 3,
    originalPrice: 1399,
    resalePrice: 429,
    location: 'Dallas, TX',
    seller: 'ayesha',
    daysAgo: 7,
  },
  {
    brand: 'HP',
    name: 'HP Pavilion 15, Ryzen 5 5500U, 8 GB, 256 GB',
    description:
      'Everyday laptop in good shape, recently cleaned. Good speakers for movies. A small crack in the bottom-left rubber foot, everything else is fine.',
    conditionType: 'Fair',
    yearsOfUse: 3,
    originalPrice: 699,
    resalePrice: 279,
    location: 'Houston, TX',
    seller: 'daniel',
    daysAgo: 11,
  },
  {
    brand: 'HP',
    name: 'HP Envy 16, i9-13900H, RTX 4060, 32 GB',
    description:
      'Powerful all-rounder for 3D and video editing with a 120 Hz 2.5K screen. Like new, always used on a desk with an external keyboard. Original box included.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 1999,
    resalePrice: 1399,
    location: 'Los Angeles, CA',
    seller: 'marcus',
    daysAgo: 18,
  },
  {
    brand: 'HP',
    name: 'HP Chromebook x360 14c, 8 GB, 128 GB',
    description:
      'Fast Chromebook with a flip screen, ideal for school. Auto-update support until 2029. Minor scratches on the lid. Comes with the charger.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 579,
    resalePrice: 219,
    location: 'Minneapolis, MN',
    seller: 'sofia',
    daysAgo: 25,
  },
  {
    brand: 'HP',
    name: 'HP Omen 16, Ryzen 7 6800H, RTX 3070 Ti',
    description:
      'High-end gaming laptop with a 165 Hz QHD screen. Temperatures are excellent after a fresh repaste. RGB keyboard works on every key.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 1899,
    resalePrice: 1049,
    location: 'Las Vegas, NV',
    seller: 'ayesha',
    daysAgo: 30,
  },
  // Lenovo
  {
    brand: 'Lenovo',
    name: 'Lenovo ThinkPad X1 Carbon Gen 10, i7, 16 GB',
    description:
      'The classic business ultrabook: 1.1 kg, legendary keyboard, TrackPoint. 2.2K display. Battery health 90%. Sold with a 65W USB-C charger and a ThinkPad sleeve.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 1899,
    resalePrice: 999,
    location: 'Washington, DC',
    seller: 'marcus',
    daysAgo: 1,
  },
  {
    brand: 'Lenovo',
    name: 'Lenovo ThinkPad T14 Gen 2, Ryzen 7 PRO, 16 GB',
    description:
      'Workhorse laptop with a great keyboard and lots of ports. Upgraded to a 1 TB SSD. Some shine on the keys and a light scratch on the lid.',
    conditionType: 'Good',
    yearsOfUse: 3,
    originalPrice: 1299,
    resalePrice: 469,
    location: 'Philadelphia, PA',
    seller: 'daniel',
    daysAgo: 6,
  },
  {
    brand: 'Lenovo',
    name: 'Lenovo Legion 5 Pro, Ryzen 7, RTX 3070, 16" 165 Hz',
    description:
      'Big, bright 16" QHD screen and strong cooling. Perfect for gaming and streaming. Includes the 300W power brick. Original box available.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 1699,
    resalePrice: 929,
    location: 'Salt Lake City, UT',
    seller: 'sofia',
    daysAgo: 10,
    advertised: true,
  },
  {
    brand: 'Lenovo',
    name: 'Lenovo IdeaPad Slim 5, Ryzen 5 7530U, 16 GB',
    description:
      'Light, quiet and fast for everyday work. Metal lid, backlit keyboard, full HD IPS display. Battery easily lasts 8 hours. No marks at all.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 749,
    resalePrice: 469,
    location: 'Charlotte, NC',
    seller: 'ayesha',
    daysAgo: 13,
  },
  {
    brand: 'Lenovo',
    name: 'Lenovo Yoga 7i 14, i5-1235U, 8 GB, 2-in-1',
    description:
      'Flips into a tablet for reading and drawing. Touch screen works perfectly. Slight wear on the corners from daily commuting. Charger included.',
    conditionType: 'Fair',
    yearsOfUse: 2,
    originalPrice: 849,
    resalePrice: 359,
    location: 'Tampa, FL',
    seller: 'marcus',
    daysAgo: 19,
  },
  {
    brand: 'Lenovo',
    name: 'Lenovo ThinkPad E14 Gen 4, i5, 16 GB, 512 GB',
    description:
      'Budget-friendly ThinkPad with a good keyboard and fingerprint reader. Used in a home office only. Comes with a spare charger.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 899,
    resalePrice: 399,
    location: 'Kansas City, MO',
    seller: 'daniel',
    daysAgo: 27,
    soldTo: 'emma',
    handedOver: true,
    reviews: {
      ofSeller: {
        rating: 4,
        body: 'Good laptop in clean condition. The battery is a little weaker than I hoped, but Daniel said so up front. Easy meeting.',
      },
      ofBuyer: {
        rating: 5,
        body: 'Emma knew what she wanted and was quick to pick up. A great buyer.',
      },
    },
  },
  // ASUS
  {
    brand: 'ASUS',
    name: 'ASUS ROG Zephyrus G14, Ryzen 9, RTX 4060, 16 GB',
    description:
      'Compact gaming laptop with the AniMe Matrix lid. 165 Hz 3K display. Only used for a few months of light gaming. Includes charger and ROG bag.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 1599,
    resalePrice: 1129,
    location: 'San Jose, CA',
    seller: 'sofia',
    daysAgo: 2,
    advertised: true,
  },
  {
    brand: 'ASUS',
    name: 'ASUS ZenBook 14 OLED, i5-1240P, 16 GB, 512 GB',
    description:
      'Slim laptop with a vivid 2.8K OLED screen. Excellent for office work and movies. Battery health 92%. A faint scratch on the lid, invisible unless you look closely.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 999,
    resalePrice: 539,
    location: 'Sacramento, CA',
    seller: 'ayesha',
    daysAgo: 8,
  },
  {
    brand: 'ASUS',
    name: 'ASUS TUF Gaming F15, i5-11400H, RTX 3050',
    description:
      'Tough entry-level gaming laptop that handles esports titles at 144 Hz. Keyboard has a couple of faded WASD letters. Runs cool with the fans on turbo.',
    conditionType: 'Fair',
    yearsOfUse: 3,
    originalPrice: 899,
    resalePrice: 429,
    location: 'Orlando, FL',
    seller: 'daniel',
    daysAgo: 15,
  },
  {
    brand: 'ASUS',
    name: 'ASUS VivoBook 15, i3-1215U, 8 GB, 256 GB',
    description:
      'Affordable laptop for browsing, email and online classes. Clean Windows 11 install. Small scuff on the palm rest.',
    conditionType: 'Good',
    yearsOfUse: 1,
    originalPrice: 499,
    resalePrice: 239,
    location: 'Indianapolis, IN',
    seller: 'marcus',
    daysAgo: 21,
  },
  {
    brand: 'ASUS',
    name: 'ASUS ProArt Studiobook 16 OLED, i9, RTX 3070 Ti',
    description:
      'Colour-accurate 4K OLED for designers, with the ASUS Dial. Calibrated and factory fresh in every way. Original box and 240W charger.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 2999,
    resalePrice: 1849,
    location: 'New York, NY',
    seller: 'sofia',
    daysAgo: 26,
  },
  {
    brand: 'ASUS',
    name: 'ASUS ExpertBook B9, i7-1165G7, 16 GB, 880 g',
    description:
      'One of the lightest 14" laptops ever made. Magnesium body, long battery life. Some marks on the bottom. Ideal for people who carry their laptop all day.',
    conditionType: 'Good',
    yearsOfUse: 3,
    originalPrice: 1599,
    resalePrice: 579,
    location: 'Pittsburgh, PA',
    seller: 'ayesha',
    daysAgo: 33,
  },
  // Acer
  {
    brand: 'Acer',
    name: 'Acer Swift 3, Ryzen 7 5700U, 16 GB, 512 GB',
    description:
      'Light aluminium laptop with great performance for the price. Fingerprint reader, backlit keyboard. Battery health 87%. Charger included.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 799,
    resalePrice: 369,
    location: 'St. Louis, MO',
    seller: 'daniel',
    daysAgo: 3,
  },
  {
    brand: 'Acer',
    name: 'Acer Predator Helios 300, i7-12700H, RTX 3070 Ti',
    description:
      'Serious gaming laptop with a 240 Hz QHD screen. Fans cleaned recently. A few scratches on the lid. Comes with the 280W adapter.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 1799,
    resalePrice: 999,
    location: 'Detroit, MI',
    seller: 'marcus',
    daysAgo: 9,
    advertised: true,
  },
  {
    brand: 'Acer',
    name: 'Acer Aspire 5, i5-1135G7, 8 GB, 512 GB',
    description:
      'Solid everyday laptop for school or home. Full HD screen, numeric keypad. Some wear on the touchpad. Works perfectly.',
    conditionType: 'Fair',
    yearsOfUse: 3,
    originalPrice: 649,
    resalePrice: 249,
    location: 'Milwaukee, WI',
    seller: 'sofia',
    daysAgo: 17,
  },
  {
    brand: 'Acer',
    name: 'Acer Chromebook Spin 714, i5, 8 GB',
    description:
      'Premium Chromebook with a 2-in-1 hinge and a built-in stylus. Great for note-taking. Like new with original box.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 699,
    resalePrice: 389,
    location: 'Cleveland, OH',
    seller: 'ayesha',
    daysAgo: 23,
  },
  {
    brand: 'Acer',
    name: 'Acer Nitro 5, Ryzen 5 5600H, RTX 3060',
    description:
      'Great value gaming laptop. 144 Hz display, upgraded to 16 GB RAM. One rubber foot replaced. Comes with charger and a cooling pad.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 1099,
    resalePrice: 569,
    location: 'Baltimore, MD',
    seller: 'daniel',
    daysAgo: 29,
    soldTo: 'noah',
    handedOver: true,
    reviews: {
      ofSeller: {
        rating: 5,
        body: 'Daniel answered all my questions quickly and even added a cooling pad. I would buy from him again.',
        reply: 'Glad it worked out, Noah. Thanks for the kind words!',
      },
      ofBuyer: {
        rating: 5,
        body: 'Smooth deal: showed up on time and checked everything carefully.',
      },
    },
  },
  {
    brand: 'Acer',
    name: 'Acer Swift Go 14 OLED, i7-13700H, 16 GB',
    description:
      'Fast and portable with a 2.8K 90 Hz OLED. Excellent webcam and speakers for calls. Bought last year, kept in a sleeve.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 999,
    resalePrice: 669,
    location: 'Richmond, VA',
    seller: 'marcus',
    daysAgo: 35,
  },
  // Microsoft
  {
    brand: 'Microsoft',
    name: 'Surface Laptop 5 13.5", i5, 8 GB, Sage',
    description:
      'Beautiful touch screen and a great keyboard with Alcantara deck, spotless. Battery still strong. Includes Surface Connect charger.',
    conditionType: 'Excellent',
    yearsOfUse: 1,
    originalPrice: 999,
    resalePrice: 649,
    location: 'Seattle, WA',
    seller: 'sofia',
    daysAgo: 4,
  },
  {
    brand: 'Microsoft',
    name: 'Surface Pro 8, i7, 16 GB, 256 GB + Keyboard',
    description:
      'Tablet and laptop in one, with the Signature Keyboard and Slim Pen 2. 120 Hz screen. Light scratches on the kickstand.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 1599,
    resalePrice: 799,
    location: 'Spokane, WA',
    seller: 'ayesha',
    daysAgo: 12,
    advertised: true,
  },
  {
    brand: 'Microsoft',
    name: 'Surface Laptop Go 2, i5, 8 GB, 128 GB',
    description:
      'Small, light and affordable. Perfect first laptop or travel companion. A couple of marks on the lid. Charger included.',
    conditionType: 'Fair',
    yearsOfUse: 2,
    originalPrice: 599,
    resalePrice: 299,
    location: 'Boise, ID',
    seller: 'daniel',
    daysAgo: 20,
  },
  {
    brand: 'Microsoft',
    name: 'Surface Laptop Studio, i7, RTX 3050 Ti, 32 GB',
    description:
      'Unique pull-forward display for drawing and presenting. Used by a designer, always with a screen protector. Includes pen and original box.',
    conditionType: 'Good',
    yearsOfUse: 2,
    originalPrice: 2399,
    resalePrice: 1249,
    location: 'San Francisco, CA',
    seller: 'marcus',
    daysAgo: 28,
  },
  {
    brand: 'Microsoft',
    name: 'Surface Book 3 15", i7, GTX 1660 Ti',
    description:
      'Detachable screen with a discrete GPU in the base. Battery health 83% (screen) and 86% (base). Some wear on the hinge edges.',
    conditionType: 'Fair',
    yearsOfUse: 4,
    originalPrice: 2499,
    resalePrice: 749,
    location: 'Albuquerque, NM',
    seller: 'sofia',
    daysAgo: 38,
  },
  // Older sales of one model, so the fair price shows in the demo (demo-past-sales.ts).
  ...demoPastSales,
];
