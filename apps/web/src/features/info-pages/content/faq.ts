import type { InfoPageContent } from '../info-page-content.ts';

/** The FAQ: how buying, booking, paying, meeting, selling and reporting work here. */
export const faqPage: InfoPageContent = {
  title: 'Frequently asked questions',
  lead: 'How buying, selling and meeting work on Laptop Resale, in plain words.',
  sections: [
    {
      id: 'what-is-it',
      heading: 'What is Laptop Resale?',
      body: [
        'A small marketplace for used laptops. People who have a laptop they no longer need list it here, and people looking for an affordable one book it, pay by card and meet the seller to collect it.',
        'We run the site on our own server. We are not a shop: the laptops belong to the sellers, and we do not store or inspect them.',
      ],
    },
    {
      id: 'account',
      heading: 'Do I need an account?',
      body: [
        'You can browse and search the laptops without one. To ask a seller a question, book a laptop or sell one, you need a free account.',
        'When you sign up you choose whether you want to buy or to sell; an account does one or the other. You can also log in with Google, which gives you a buyer account.',
      ],
    },
    {
      id: 'booking',
      heading: 'How do I book a laptop?',
      body: [
        'Press Book now on the laptop’s card and tell the seller where you would like to meet and which phone number to call you on. The seller gets an email about your booking straight away, and the booking appears under My orders in your dashboard. Its order page gives you the seller’s phone number, and them yours.',
        'Booking is free and does not buy the laptop. Several buyers may book the same one; whoever pays first gets it. You can cancel a booking from My orders at any time before you pay.',
      ],
    },
    {
      id: 'paying',
      heading: 'How does paying by card work?',
      body: [
        'In My orders, press Pay next to your booking and enter your card details. The card form comes from Stripe, our payment provider: your card number goes to Stripe and never reaches our server.',
        'When you start paying, the laptop is held for you for a few minutes (10, unless we have changed it), so nobody else can pay for it meanwhile. You can hold one laptop at a time. If your time runs out, the other buyers who booked it get their turn first.',
        'If the laptop is sold to someone else or taken off the marketplace before your payment goes through, you get all your money back automatically, and we email you to say so.',
        'You will get a receipt by email once the payment is done.',
      ],
    },
    {
      id: 'protection',
      heading: 'When does the seller get my money?',
      body: [
        'Not when you pay: we hold your payment until you have the laptop. At the meeting, check it with the checklist on your order page (it turns on, no firmware password, no Activation Lock or device management, the battery, keyboard, ports and screen). If all is well, show the seller the 6-digit handover code on your order page, or tap “I have the laptop”: that releases the payment to the seller.',
        'If something is wrong, do not give the code: open a dispute on your order page instead. We keep holding the money until our team has looked at it, and they can refund you in full or in part.',
        'If you do neither, the payment is released to the seller three days after you paid (unless we have changed that period). We email you a day before.',
      ],
    },
    {
      id: 'test-mode',
      heading: 'The payment page says “Test mode”. What does that mean?',
      body: [
        'The marketplace has not been connected to Stripe yet, so payments are only simulated: no money is taken and no card number is stored. The page shows which test card number to use. Nothing bought in test mode is really paid for.',
      ],
    },
    {
      id: 'meeting',
      heading: 'How do I get the laptop?',
      body: [
        'You meet the seller in person. Once you have paid, the seller gets an email, and they call you on the number you gave to agree on a time at the meeting place you suggested.',
        'A few suggestions for the meeting:',
        {
          list: [
            'Meet in a busy public place in daylight, such as a café or a library.',
            'Switch the laptop on and check it before you take it: the screen, the keyboard, the battery, the ports and the charger.',
            'Make sure it is not locked to someone else’s account and that it has been reset for you.',
            'Check that the model matches the listing.',
          ],
        },
        'If the laptop is not what the listing said, tell the seller there and then, and write to us. We will look into it with both of you.',
      ],
    },
    {
      id: 'cancel',
      heading: 'Can I cancel?',
      body: [
        'Before you pay, yes: cancel the booking in My orders. After paying, the order can no longer be cancelled in the app; write to us and we will sort it out with you and the seller.',
      ],
    },
    {
      id: 'selling',
      heading: 'How do I sell my laptop?',
      body: [
        'Sign up as a seller and choose Add a laptop in your dashboard. Give its name, brand, condition (Excellent, Good or Fair), how many years it has been used, the price you paid and the price you want, where you are, a mobile number (only a buyer who books it sees it, on their order page) and a photo.',
        'We email you when someone books it, with where they would like to meet, and again when it has been paid for. Then call the buyer to arrange the handover. My buyers shows who has booked your laptops and who has paid.',
        'In My products you can advertise a laptop, which shows it at the top of the home page, or delete it while it is not sold. Listing and advertising are free.',
      ],
    },
    {
      id: 'verified',
      heading: 'What does “Verified seller” mean?',
      body: [
        'One of our admins has checked the seller and marked them as verified. It tells you who you are dealing with; it does not mean that we have inspected the laptop.',
      ],
    },
    {
      id: 'ratings',
      heading: 'How are sellers rated?',
      body: [
        'After a deal is complete, the buyer and the seller can each review the other. A seller’s rating is the average of the stars buyers gave them, to one decimal, with the number of reviews beside it. Reviews stay sealed until both sides have written theirs or the time to write one has run out, and reviews an admin has hidden do not count.',
        'A seller’s profile also shows how many laptops they have sold and, once they have had a few conversations lately, how soon they usually answer a buyer’s first message.',
      ],
    },
    {
      id: 'top-seller',
      heading: 'What is a “Top seller”?',
      body: [
        'A badge for sellers with a strong record. A seller is a Top seller while all of these are true:',
        {
          list: [
            'they have completed at least 10 deals on Laptop Resale (the buyer collected the laptop and the money went to the seller);',
            'their rating is 4.7 or higher, as their profile shows it;',
            'no dispute about one of their deals was settled with a refund, in full or in part, in the last 90 days.',
          ],
        },
        'The badge comes and goes by itself as these change; nobody can buy it.',
      ],
    },
    {
      id: 'reporting',
      heading: 'How do I report a listing?',
      body: [
        'If a listing looks wrong (a scam, wrong details, a laptop that has already gone, or something that should not be sold here), open the menu (⋮) on its card and choose Report. Tell us what is wrong if you like.',
        'Our admins look at every report. They can take the listing off the marketplace or, if it is fine, close the report. The seller is not told who reported them.',
      ],
    },
    {
      id: 'my-account',
      heading: 'How do I change or close my account?',
      body: [
        'In My profile you can change your name and photo and log out on every device at once. Your email address cannot be changed. If you forget your password, choose Forgot password? on the login page and we will email you a link to choose a new one.',
        'To close your account, write to us with the contact form from the email address you signed up with.',
      ],
    },
  ],
};
