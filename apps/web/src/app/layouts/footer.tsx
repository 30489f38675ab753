import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { messages } from '../../lib/messages.ts';

const socialLinks = [
  {
    label: 'Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9c0-.6.4-1 1-1z',
  },
  {
    label: 'X (Twitter)',
    href: 'https://x.com/',
    path: 'M4 4l7.2 9.6L4.4 20H6l6-5.5 4.2 5.5H20l-7.6-10L18.8 4h-1.6l-5.5 5-3.8-5z',
  },
  {
    label: 'Instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5a1 1 0 100 2 1 1 0 000-2z',
  },
  {
    label: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    path: 'M4 9h3v11H4zM5.5 4a1.8 1.8 0 110 3.6 1.8 1.8 0 010-3.6zM10 9h3v1.6c.5-.9 1.7-1.8 3.4-1.8 3.2 0 3.6 2.1 3.6 4.8V20h-3v-5.6c0-1.3 0-3-1.8-3s-2.2 1.4-2.2 2.9V20h-3z',
  },
];

// Room for a finger around each text link (44 px, WCAG 2.5.5) on touch screens.
const textLink =
  'link link-hover pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:w-fit pointer-coarse:items-center';

const infoLinks = [
  { to: paths.faq.getHref(), label: messages.footer.faq },
  { to: paths.privacy.getHref(), label: messages.footer.privacy },
  { to: paths.terms.getHref(), label: messages.footer.terms },
];

/** The footer: what the site is, how to reach us, social links, the FAQ, Privacy and Terms. */
export function Footer() {
  const t = messages.footer;
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-1">
          <p className="flex items-center gap-2 text-lg font-extrabold">
            <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
            {messages.appName}
          </p>
          <p className="mt-3 text-sm text-neutral-content/80">{t.description}</p>
        </div>
        <div>
          <h2 className="footer-title">{t.contacts}</h2>
          <address className="grid gap-2 text-sm pointer-coarse:gap-0 not-italic text-neutral-content/80">
            <a className={textLink} href={`tel:${t.phone.replace(/[^+\d]/g, '')}`}>
              {t.phone}
            </a>
            <a className={textLink} href={`mailto:${t.email}`}>
              {t.email}
            </a>
            <span>{t.address}</span>
          </address>
        </div>
        <div>
          <h2 className="footer-title">{t.social}</h2>
          <ul className="flex gap-3">
            {socialLinks.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.label}
                  className="btn btn-circle btn-sm border-0 bg-white/10 text-neutral-content hover:bg-primary pointer-coarse:size-11"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="size-4"
                    fill="currentColor"
                    aria-hidden="true"
                  >
                    <path d={social.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="footer-title">{t.links}</h2>
          <ul className="grid gap-2 text-sm text-neutral-content/80 pointer-coarse:gap-0">
            {infoLinks.map((link) => (
              <li key={link.to}>
                <Link className={textLink} to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10 py-5 text-center text-sm text-neutral-content/80">
        <p>{t.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
