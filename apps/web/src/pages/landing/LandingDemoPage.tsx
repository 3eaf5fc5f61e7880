import './landing.i18n.ts';
import { Advantages } from './sections/Advantages.tsx';
import { Banner } from './sections/Banner.tsx';
import { CaseStudy } from './sections/CaseStudy.tsx';
import { Contact } from './sections/Contact.tsx';
import { Footer } from './sections/Footer.tsx';
import { Features } from './sections/Features.tsx';
import { ModuleTabs } from './sections/ModuleTabs.tsx';

/** The second landing variant (/indexDemo): dark showcase banner, side tabs, dark feature band. */
export default function LandingDemoPage() {
  return (
    <main data-testid="landing-demo-page">
      <Banner variant="showcase" />
      <ModuleTabs placement="start" tone="tinted" />
      <Features layout="rows" tone="dark" />
      <CaseStudy tone="plain" />
      <Advantages tone="tinted" />
      <Contact />
      <Footer />
    </main>
  );
}
