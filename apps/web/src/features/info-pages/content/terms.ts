import type { InfoPageContent } from '../info-page-content.ts';

/** The terms of use: what buyers, sellers and the marketplace each agree to. */
export const termsPage: InfoPageContent = {
  title: 'Terms of use',
  lead: 'The rules of the marketplace. By using Laptop Resale you agree to them.',
  sections: [
    {
      id: 'about',
      heading: 'What we do',
      body: [
        'Laptop Resale is a small marketplace where people sell used laptops to each other. We provide the site, take card payments on the seller’s behalf and help when something goes wrong. The sale itself is between the buyer and the seller: we do not own, store or inspect the laptops.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      body: [
        {
          list: [
            'One account per person, with your real name and an email address you read.',
            'Keep your password to yourself. If you think someone else has used your account, change your password and log out everywhere from My profile, then tell us.',
            'You are responsible for what is done with your account.',
          ],
        },
      ],
    },
    {
      id: 'selling',
      heading: 'If you sell',
      body: [
        {
          list: [
            'List only laptops that are yours to sell, that you have with you and that you can hand over.',
            'Describe them honestly: the condition, the years of use, any faults, and a photo of the laptop itself.',
            'Prices are in US dollars, and the price a buyer books at is the price they pay.',
            'Delete a listing as soon as the laptop is no longer available.',
            'When a laptop is paid for, contact the buyer promptly and hand it over as described, reset and free of your accounts.',
          ],
        },
        'Not allowed: stolen or counterfeit goods, anything that is not a laptop (or its own charger and accessories sold with it), listings that only advertise something else, and personal details of anyone but yourself.',
      ],
    },
    {
      id: 'buying',
      heading: 'If you buy',
      body: [
        {
          list: [
            'Book only laptops you mean to buy, and give a phone number and a meeting place where you can really be reached.',
            'Pay through the site. Do not send money to a seller any other way: we cannot help you with a payment we never saw.',
            'Collect the laptop at the meeting you agree with the seller, and check it before you take it.',
          ],
        },
      ],
    },
    {
      id: 'payments',
      heading: 'Payments and refunds',
      body: [
        'Buyers pay by card through Stripe. The money reaches us and we pass it on to the seller. We charge no fees to buyers or sellers, for listing, advertising or selling.',
        'If a laptop is sold to someone else or taken off the marketplace before your payment goes through, the payment is refunded in full automatically.',
        'A paid order cannot be cancelled in the app. If the seller does not hand the laptop over, or it is clearly not what the listing said, write to us as soon as you can: we will hear both sides and, where the buyer is right, refund the payment.',
      ],
    },
    {
      id: 'meeting',
      heading: 'Meeting in person',
      body: [
        'Buyers and sellers meet on their own; we are not there. Meet in a public place, in daylight, and bring someone along if you like. Nobody has to go ahead with a handover that feels unsafe.',
      ],
    },
    {
      id: 'conduct',
      heading: 'Treating each other well',
      body: [
        'Be polite and honest with the people you trade with. Do not use the marketplace to harass anyone, to send spam, to collect other users’ details, or to attack or overload the site.',
        'Anyone can report a listing. Our admins may take down listings and delete accounts that break these rules, and, for a serious or repeated breach, without warning.',
      ],
    },
    {
      id: 'responsibility',
      heading: 'What we are responsible for',
      body: [
        'We work to keep the site running, the payments safe and the listings honest, but we are a small team. Listings are the sellers’ own statements, and we cannot guarantee that a laptop is as described or that a meeting goes well. As far as the law allows, we are not liable for the condition of a laptop or for what happens between a buyer and a seller, beyond refunding payments as described above. Nothing here takes away rights the law gives you.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and contact',
      body: [
        'We may change these terms as the marketplace changes; the version on this page is the one that applies. Questions about them are welcome through the contact form on the home page.',
      ],
    },
  ],
};
