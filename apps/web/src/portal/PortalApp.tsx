import { useMemo, useState } from 'react';
import { CookieBanner, CookiePage } from './Cookies.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { BlockPage, HomePage, PartnerPage, PrivacyPage } from './Pages.js';
import type { CookieConsent, PortalData } from './portal-data.js';
import { TextsContext, translator } from './texts.js';

function Page({ data, consent, resetConsent }: { readonly data: PortalData; readonly consent: CookieConsent; readonly resetConsent: () => void }) {
  switch (data.page) {
    case 'home': return <HomePage data={data} />;
    case 'partner': return <PartnerPage data={data} />;
    case 'privacy': return <PrivacyPage />;
    case 'cookie': return <CookiePage consent={consent} onReset={resetConsent} />;
    default: return <BlockPage data={data} />;
  }
}

/** A public page (spec 01 §2, main layout): header, the page, footer and, until the visitor chooses, the cookie banner. */
export function PortalApp({ data }: { readonly data: PortalData }) {
  const t = useMemo(() => translator(data.texts, data.language), [data.texts, data.language]);
  const [consent, setConsent] = useState<CookieConsent>(data.consent);
  const [reopened, setReopened] = useState(false);
  return (
    <TextsContext.Provider value={t}>
      <div className={`portal portal-${data.market.toLowerCase()}`} data-market={data.market} data-language={data.language}>
        <Header data={data} />
        <main id="portal-main" className="portal-main" tabIndex={-1}>
          <Page data={data} consent={consent} resetConsent={() => { setConsent(null); setReopened(true); }} />
        </main>
        <Footer data={data} />
        <CookieBanner data={data} consent={consent} onChoice={setConsent} focusOnOpen={reopened} />
      </div>
    </TextsContext.Provider>
  );
}
