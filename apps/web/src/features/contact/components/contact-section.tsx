import { contactMessages as t } from '../messages.ts';
import { ContactUsForm } from './contact-us-form.tsx';

/** Home's last section, 'Contact us': what to write about, and the form. */
export function ContactSection() {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="mt-14 grid gap-8 rounded-box bg-base-200 p-6 sm:p-10 lg:grid-cols-2"
    >
      <div>
        <h2 id="contact-title" className="text-2xl font-bold sm:text-3xl">
          {t.title}
        </h2>
        <p className="mt-3 text-base-content/75">{t.subtitle}</p>
      </div>
      <ContactUsForm />
    </section>
  );
}
