import { Carousel } from './Carousel.js';
import type { PortalBanner, PortalData, PortalImage } from './portal-data.js';
import { useT } from './texts.js';

/** Breakpoints of the banner's images: the mobile image below 768 px, the tablet one below 1280 px, the desktop one above. */
const MOBILE = '(max-width: 767px)';
const TABLET = '(max-width: 1279px)';

function srcSet(image: PortalImage, type: string): string {
  return image.sources.filter((s) => s.type === type).map((s) => `${s.url} ${s.width}w`).join(', ');
}

/** One image set as `<source>`s: AVIF first, then WebP, each at every stored width, for one media query. */
function Sources({ image, media }: { readonly image: PortalImage; readonly media?: string }) {
  return (
    <>
      {['image/avif', 'image/webp'].map((type) => {
        const set = srcSet(image, type);
        return set ? <source key={type} type={type} media={media} srcSet={set} sizes="100vw" /> : null;
      })}
    </>
  );
}

function BannerSlide({ banner, first }: { readonly banner: PortalBanner; readonly first: boolean }) {
  const t = useT();
  const fallback = banner.image.sources.filter((s) => s.type === 'image/webp').at(-1) ?? banner.image.sources.at(-1);
  return (
    <div className="banner">
      <picture>
        {banner.imageMobile && <Sources image={banner.imageMobile} media={MOBILE} />}
        {banner.imageTablet && <Sources image={banner.imageTablet} media={TABLET} />}
        <Sources image={banner.image} />
        <img
          className="banner-image" src={fallback?.url} alt="" width={1920} height={640} decoding="async"
          loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'low'}
        />
      </picture>
      <div className="banner-text">
        <h2 className="banner-title">{banner.title}</h2>
        {banner.text && <p>{banner.text}</p>}
        {banner.cta && <a className="portal-button" href={banner.cta}>{banner.ctaLabel ?? t('slider.findOutMore')}</a>}
      </div>
    </div>
  );
}

/**
 * The home's top banner (spec 01 §2): the slider of the market's banners in the page's language (arrows, no dots,
 * infinite, no autoplay, 1000 ms transitions: spec 01 §9), or, without banners, the statistics block.
 */
export function TopBanner({ data }: { readonly data: PortalData }) {
  const t = useT();
  if (data.banners.length === 0) {
    return (
      <section className="portal-stats" aria-labelledby="stats-title" data-testid="statistics">
        <h2 id="stats-title">{t('stats.title')}</h2>
        <ul>
          {data.figures.map((f) => (
            <li key={f.key} data-figure={f.key}><strong>{f.value}</strong> <span>{t(`stats.${f.key}`)}</span></li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <Carousel
      className="home-slider" testId="home-slider" label={t('slider.label')} autoplayMs={null} speedMs={1000}
      previousLabel={t('slider.previous')} nextLabel={t('slider.next')}
      slideLabel={(index, count) => t('slider.slide', { index, count })}
      slides={data.banners.map((banner, i) => <BannerSlide key={banner.id} banner={banner} first={i === 0} />)}
    />
  );
}
