import './landing.i18n.ts';
import { Advantages } from './sections/Advantages.tsx';
import { Banner } from './sections/Banner.tsx';
import { CaseStudy } from './sections/CaseStudy.tsx';
import { Contact } from './sections/Contact.tsx';
import { Features } from './sections/Features.tsx';
import { Footer } from './sections/Footer.tsx';
import { ModuleTabs } from './sections/ModuleTabs.tsx';

/** The classic landing page: light banner, modules first, then why the platform. */
export default function LandingPage() {
  return (
    <main data-testid="landing-page">
      <Banner variant="classic" />
      <ModuleTabs />
      <Features tone="tinted" />
      <Advantages />
      <CaseStudy tone="tinted" />
      <Contact />
      <Footer />
    </main>
  );
}
