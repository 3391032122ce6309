// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@auction/i18n';
import { PartnerCarousel } from './Partners.js';
import type { PortalPartner } from './portal-data.js';
import { TextsContext, translator } from './texts.js';

afterEach(() => { cleanup(); vi.useRealTimers(); });
const { en } = resources;

const partner = (n: number): PortalPartner => ({
  idTemplate: `TPL-${n}`, auctionName: `Partner ${n}`, largeLogo: null, smallLogo: null, description: null,
  commercialInfoPhone: null, commercialInfoEmail: null, vatCode: null, auctioneerRating: 0, numFeedback: 0,
});

describe('the partner carousel\'s autoplay can be stopped (issue 23 review, WCAG 2.2.2)', () => {
  it('a button stops it for good (not only while hovered or focused) and starts it again', () => {
    vi.useFakeTimers();
    render(<TextsContext.Provider value={translator(en.portal, 'en')}><PartnerCarousel partners={[1, 2, 3, 4].map(partner)} testId="carousel" /></TextsContext.Provider>);
    const carousel = screen.getByTestId('carousel');
    act(() => { vi.advanceTimersByTime(3000); });
    expect(carousel.dataset.slide).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: en.portal.partners.stop }));
    // The pointer and the focus leave: it stays where the reader stopped it.
    fireEvent.mouseLeave(carousel);
    fireEvent.blur(screen.getByRole('button', { name: en.portal.partners.start }));
    act(() => { vi.advanceTimersByTime(9000); });
    expect(carousel.dataset.slide).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: en.portal.partners.start }));
    fireEvent.mouseLeave(carousel);
    act(() => { vi.advanceTimersByTime(3000); });
    expect(carousel.dataset.slide).toBe('0');
  });
});
