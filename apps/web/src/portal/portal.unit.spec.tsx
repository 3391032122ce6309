// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@auction/i18n';
import { slidesOf, step } from './Carousel.js';
import { PortalApp } from './PortalApp.js';
import type { PortalData, PortalPartner } from './portal-data.js';

afterEach(() => { cleanup(); vi.useRealTimers(); });
const { en, de } = resources;

const partner = (n: number, rating = 0, votes = 0): PortalPartner => ({
  idTemplate: `TPL-${n}`, auctionName: `Partner ${n}`, largeLogo: null, smallLogo: null, description: `About ${n}`,
  commercialInfoPhone: '+39 011 1', commercialInfoEmail: `p${n}@example.com`, vatCode: `IT0000000000${n}`, auctioneerRating: rating, numFeedback: votes,
});

function data(over: Partial<PortalData> = {}): PortalData {
  return {
    page: 'home', market: 'IT', language: 'en', languages: ['it', 'en'], countries: [{ code: 'IT', name: 'Italy' }, { code: 'DE', name: 'Germany' }],
    texts: en.portal, banners: [], figures: [{ key: 'totalAwarded', value: "190'009" }, { key: 'users', value: '25' }],
    partners: [partner(1), partner(2), partner(3)], showPartners: true, idTemplate: null, consent: null, consentCookie: 'cookieConsent',
    contactMail: 'centre@example.com', contactPhone: '+39 011 000', leasingUrl: 'https://leasing.example', appLinks: null, signedIn: false,
    ...over,
  };
}

describe('carousel arithmetic (spec 01 §2, §9)', () => {
  it('makes ceil(n / 2) slides of two, one slide below two, and wraps both ways', () => {
    expect(slidesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(slidesOf([1], 2)).toEqual([[1]]);
    expect(slidesOf([], 2)).toEqual([]);
    expect(step(2, 3, 1)).toBe(0);
    expect(step(0, 3, -1)).toBe(2);
  });
});

describe('the public home drawn by the server', () => {
  it('shows the statistics without banners, the partners with their links, the consent banner until chosen', () => {
    const html = renderToString(<PortalApp data={data()} />);
    expect(html).toContain('data-testid="statistics"');
    expect(html).toContain("190&#x27;009");
    expect(html).toContain('data-slides="2"');
    expect(html).toContain('href="/partner?idTemplate=TPL-1"');
    expect(html).toContain('data-testid="partners-link"');
    expect(html).toContain('data-testid="cookie-banner"');
    expect(html).not.toContain('style=');
  });

  it('hides partners for DE, uses its icons and leasing variant, shows the app links; no banner once consent is given', () => {
    const html = renderToString(<PortalApp data={data({ market: 'DE', language: 'de', texts: de.portal, showPartners: false, consent: 'all', appLinks: { appStore: 'https://a.example', googlePlay: 'https://g.example' } })} />);
    expect(html).not.toContain('partners-link');
    expect(html).not.toContain('partner-carousel');
    expect(html).toContain('data-icon-set="de"');
    expect(html).toContain('portal-leasing-de');
    expect(html).toContain('data-testid="app-store"');
    expect(html).not.toContain('cookie-banner');
    expect(html).toContain(de.portal.header.login);
  });

  it('draws the slider with modern formats per device, the first image eager', () => {
    const image = (w: number) => ({ sources: [{ url: `/a-${w}.avif`, width: w, type: 'image/avif' }, { url: `/w-${w}.webp`, width: w, type: 'image/webp' }] });
    const banner = (id: string) => ({ id, title: `Title ${id}`, text: null, ctaLabel: null, cta: '/registration', image: image(1920), imageTablet: image(1024), imageMobile: image(828) });
    const html = renderToString(<PortalApp data={data({ banners: [banner('a'), banner('b')] })} />);
    expect(html).toContain('data-testid="home-slider"');
    expect(html).toContain('type="image/avif" media="(max-width: 767px)" srcSet="/a-828.avif 828w"');
    expect(html.match(/fetchPriority="high"/g)).toHaveLength(1);
    expect(html).toContain(en.portal.slider.findOutMore);
    expect(html).not.toContain('data-testid="statistics"');
  });
});

describe('the carousel in the browser', () => {
  it('moves by the arrows, keeps slides out of view inert, plays every 3 s and stops while focused', () => {
    vi.useFakeTimers();
    render(<PortalApp data={data({ partners: [partner(1), partner(2), partner(3), partner(4), partner(5)] })} />);
    const carousel = screen.getByTestId('partner-carousel');
    expect(carousel.dataset.slides).toBe('3');
    const slides = carousel.querySelectorAll('.carousel-slide');
    expect(slides[1]!.hasAttribute('inert')).toBe(true);
    act(() => { vi.advanceTimersByTime(3000); });
    expect(carousel.dataset.slide).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: en.portal.partners.previous }));
    expect(carousel.dataset.slide).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: en.portal.partners.previous }));
    expect(carousel.dataset.slide).toBe('2');
    fireEvent.focus(screen.getByRole('button', { name: en.portal.partners.next }));
    act(() => { vi.advanceTimersByTime(9000); });
    expect(carousel.dataset.slide).toBe('2');
  });

  it('the partner page shows the partner asked for, its votes, and changes partner in place', () => {
    window.scrollTo = vi.fn() as never;
    render(<PortalApp data={data({ page: 'partner', idTemplate: 'TPL-2', partners: [partner(1, 4.4, 7), partner(2, 3.6, 1), partner(3)] })} />);
    expect(screen.getByTestId('partner-page').dataset.partner).toBe('TPL-2');
    expect(screen.getByTestId('votes').textContent).toBe('1 vote');
    expect(screen.getByRole('img', { name: 'Rated 3,6 out of 5' }).querySelectorAll('.star.on')).toHaveLength(4);
    fireEvent.click(screen.getByRole('link', { name: 'Partner 1' }));
    expect(screen.getByTestId('partner-page').dataset.partner).toBe('TPL-1');
    expect(screen.getByTestId('votes').textContent).toBe('7 votes');
    expect(window.location.search).toBe('?idTemplate=TPL-1');
  });

  it('an unknown partner says so', () => {
    render(<PortalApp data={data({ page: 'partner', idTemplate: 'TPL-9' })} />);
    expect(screen.getByTestId('partner-missing').textContent).toContain(en.portal.partner.notFound);
  });
});
