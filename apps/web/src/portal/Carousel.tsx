import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Slides of `perSlide` items: `ceil(n / perSlide)` slides, one when there are fewer items than that (spec 01 §2). */
export function slidesOf<I>(items: readonly I[], perSlide: number): I[][] {
  const slides: I[][] = [];
  for (let i = 0; i < items.length; i += perSlide) slides.push(items.slice(i, i + perSlide));
  return slides;
}

/** The slide after (or before) `index` of `count`: infinite, the last leads to the first (spec 01 §9). */
export function step(index: number, count: number, by: 1 | -1): number {
  return count === 0 ? 0 : (index + by + count) % count;
}

export interface CarouselProps {
  readonly label: string;
  readonly slides: readonly ReactNode[];
  /** Labels of the arrows and of each slide ("2 of 5"). */
  readonly previousLabel: string;
  readonly nextLabel: string;
  readonly slideLabel: (index: number, count: number) => string;
  /** Labels of the button that stops and starts the autoplay (WCAG 2.2.2: moving content the reader can stop). */
  readonly stopLabel?: string;
  readonly startLabel?: string;
  /** Autoplay interval in ms, or null for none (spec 01 §9: partners 3000 ms; the home slider has none). */
  readonly autoplayMs: number | null;
  /** The slide transition's duration (spec 01 §9: 1000 ms). */
  readonly speedMs: number;
  readonly className?: string;
  readonly testId?: string;
}

/**
 * A carousel as the spec sets them (arrows, no dots, infinite): the slides side by side in a track moved by a CSS
 * transition. The slides out of view are `inert` (no focus, no screen reader); autoplay stops while the pointer or
 * the keyboard focus is inside and never runs for a reader who asked for reduced motion. Drawn the same by the server
 * (first slide) and the browser.
 */
export function Carousel({ label, slides, previousLabel, nextLabel, slideLabel, stopLabel, startLabel, autoplayMs, speedMs, className, testId }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Stopped by the reader's button: stays stopped when the pointer or the focus leaves (pausing on hover or focus alone
  // left a reader no way to stop it: WCAG 2.2.2).
  const [stopped, setStopped] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const count = slides.length;
  const current = Math.min(index, Math.max(0, count - 1));
  useEffect(() => {
    if (autoplayMs === null || paused || stopped || count < 2) return undefined;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return undefined;
    const timer = window.setInterval(() => setIndex((i) => step(i, count, 1)), autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, paused, stopped, count]);
  return (
    <div
      ref={root} className={`carousel ${className ?? ''}`} role="region" aria-roledescription="carousel" aria-label={label}
      data-testid={testId} data-slide={current} data-slides={count}
      onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => { if (!root.current?.contains(e.relatedTarget as Node | null)) setPaused(false); }}
    >
      <div className="carousel-viewport">
        {/* No style attribute in the server's HTML (the CSP allows no inline style): the first slide needs none. */}
        <div className="carousel-track" style={current === 0 ? undefined : { transform: `translateX(-${current * 100}%)`, transitionDuration: `${speedMs}ms` }}>
          {slides.map((slide, i) => (
            <div
              key={i} className="carousel-slide" role="group" aria-roledescription="slide" aria-label={slideLabel(i + 1, count)}
              aria-hidden={i === current ? undefined : true} inert={i !== current}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <button type="button" className="carousel-arrow carousel-prev" aria-label={previousLabel} onClick={() => setIndex((i) => step(i, count, -1))}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel-arrow carousel-next" aria-label={nextLabel} onClick={() => setIndex((i) => step(i, count, 1))}>
            <span aria-hidden="true">›</span>
          </button>
          {autoplayMs !== null && stopLabel && startLabel && (
            <button
              type="button" className="carousel-toggle" aria-label={stopped ? startLabel : stopLabel} data-testid="carousel-toggle"
              onClick={() => setStopped((s) => !s)}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
          )}
        </>
      )}
    </div>
  );
}
