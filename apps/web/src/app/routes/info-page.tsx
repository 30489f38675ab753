import { paths } from '../../config/paths.ts';
import { faqPage } from '../../features/info-pages/content/faq.ts';
import { privacyPage } from '../../features/info-pages/content/privacy.ts';
import { termsPage } from '../../features/info-pages/content/terms.ts';
import type { InfoBlock, InfoPageContent } from '../../features/info-pages/info-page-content.ts';
import { infoPageMessages } from '../../features/info-pages/messages.ts';

const contents = { faq: faqPage, privacy: privacyPage, terms: termsPage };

// Plain links, not the router's Link, and no import of the shared messages: importing
// either in this chunk made the build split React's JSX runtime out of Home's script,
// 0.1 KB more for Home (its budget). These links are followed rarely, and a full page
// load lands on them just as well.
const pages = [
  { to: paths.faq.getHref(), label: infoPageMessages.faq },
  { to: paths.privacy.getHref(), label: infoPageMessages.privacy },
  { to: paths.terms.getHref(), label: infoPageMessages.terms },
];

function Block({ block }: { block: InfoBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-base-content/60">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * One of the footer's pages (/faq, /privacy, /terms): the title, a list of its
 * sections linking to each, the sections, then the way to ask us and to the other two
 * pages. Built like the blogs page, for reading on a phone as on a desktop.
 */
export function InfoPage({ content, path }: { content: InfoPageContent; path: string }) {
  const t = infoPageMessages;
  return (
    <div className="mx-auto w-full max-w-3xl px-0 py-6 sm:px-6 sm:py-10">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{content.title}</h1>
        <p className="mt-3 text-lg leading-relaxed text-base-content/75">{content.lead}</p>
        <nav
          aria-labelledby="on-this-page"
          className="mt-6 rounded-box border border-base-300 bg-base-100 p-5"
        >
          <h2
            id="on-this-page"
            className="mb-3 text-sm font-semibold tracking-wide text-base-content/75 uppercase"
          >
            {t.onThisPage}
          </h2>
          <ol className="grid gap-1 sm:grid-cols-2 sm:gap-x-6">
            {content.sections.map((section) => (
              <li key={section.id}>
                {/* Room for a finger (44 px, WCAG 2.5.5) on touch screens. */}
                <a
                  href={`#${section.id}`}
                  className="link link-hover inline-flex py-1 pointer-coarse:min-h-11 pointer-coarse:items-center"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>

      <div className="space-y-10">
        {content.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="text-xl leading-snug font-bold sm:text-2xl">
              {section.heading}
            </h2>
            <div className="mt-3 space-y-4 leading-relaxed text-base-content/85">
              {section.body.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </div>
          </section>
        ))}
      </div>

      <aside className="mt-12 rounded-box bg-base-200 p-6">
        <h2 className="text-lg font-semibold">{t.contact}</h2>
        <p className="mt-2 text-base-content/80">{t.contactText}</p>
      </aside>

      <nav aria-label={t.seeAlso} className="mt-8 text-sm">
        <span className="mr-2 text-base-content/75">{t.seeAlso}:</span>
        <ul className="inline-flex flex-wrap gap-x-4">
          {pages
            .filter((page) => page.to !== path)
            .map((page) => (
              <li key={page.to}>
                <a
                  href={page.to}
                  className="link link-hover inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
                >
                  {page.label}
                </a>
              </li>
            ))}
        </ul>
      </nav>
    </div>
  );
}

/** The route component of /faq, /privacy or /terms. */
export function infoPageFor(page: keyof typeof contents) {
  return function InfoRoute() {
    return <InfoPage content={contents[page]} path={paths[page].getHref()} />;
  };
}
