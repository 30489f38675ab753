import { ContactSection } from '../../features/contact/components/contact-section.tsx';
import { MarketingBlock } from '../../features/home/components/marketing-block.tsx';
import { OurClients } from '../../features/home/components/our-clients.tsx';

/**
 * What Home shows below its lists, which no screen shows at first: why buy here, our
 * clients and Contact us, with its form (react-hook-form and zod). One download after
 * Home has started, not with it (the budget).
 */
export function BelowTheLists() {
  return (
    <>
      <MarketingBlock />
      <OurClients />
      <ContactSection />
    </>
  );
}
