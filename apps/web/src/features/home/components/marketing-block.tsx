import type { ReactNode } from 'react';

type Feature = {
  title: string;
  text: string;
  icon: ReactNode;
};

const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'size-6',
  'aria-hidden': true,
  focusable: false,
} as const;

const features: Feature[] = [
  {
    title: 'Verified sellers',
    text: 'Our admins verify sellers. Look for the tick next to the seller’s name on a listing.',
    icon: (
      <svg {...iconProps}>
        <path d="M12 3l7 3v5c0 4.6-3 8.4-7 10-4-1.6-7-5.4-7-10V6z" />
        <path d="M9 12l2 2 4-4" />
      </svg>
    ),
  },
  {
    title: 'Honest condition',
    text: 'Every seller grades their laptop Excellent, Good or Fair and says how many years it was used, so you know what to expect.',
    icon: (
      <svg {...iconProps}>
        <rect x="4" y="4.5" width="16" height="11" rx="1.5" />
        <path d="M2 19.5h20" />
        <path d="M9.5 10l1.8 1.8L14.5 8.5" />
      </svg>
    ),
  },
  {
    title: 'Secure card payment',
    text: 'Pay by card through an encrypted checkout. Your card details are never shared with the seller.',
    icon: (
      <svg {...iconProps}>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M3 10h18" />
        <path d="M7 15h3" />
      </svg>
    ),
  },
  {
    title: 'Fair prices',
    text: 'Original and resale prices sit side by side. Save up to 60% on a laptop that still has years left in it.',
    icon: (
      <svg {...iconProps}>
        <path d="M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z" />
        <circle cx="7.5" cy="7.5" r="1.5" />
      </svg>
    ),
  },
];

export function MarketingBlock() {
  return (
    <section
      aria-labelledby="marketing-block-title"
      className="mt-14 rounded-box bg-primary/10 py-14 sm:py-20"
    >
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-5 lg:items-center lg:gap-16 lg:px-8">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-orange-800 uppercase">
            Why Laptop Resale
          </p>
          <h2
            id="marketing-block-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Why buy your next laptop here
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-base-content/75">
            A used laptop should feel like a smart choice, not a gamble. We keep every step clear,
            from the listing to the payment.
          </p>
          <a href="#contact" className="btn mt-8 btn-lg btn-neutral">
            Ask us anything
          </a>
        </div>

        <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:col-span-3">
          {features.map((feature) => (
            <li
              key={feature.title}
              className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
                {feature.icon}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 leading-relaxed text-base-content/75">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
