import { useCallback, useEffect, useState } from 'react';
import banner1 from '../assets/banner-1.svg';
import banner2 from '../assets/banner-2.svg';
import banner3 from '../assets/banner-3.svg';
import banner4 from '../assets/banner-4.svg';

/** Home's slideshow: 4 banners, one every 6000 ms. */
export const SLIDE_INTERVAL_MS = 6000;

// 24 px for a mouse, 44 px for a finger (WCAG 2.5.5).
const controlButton =
  'btn btn-circle btn-xs border-0 bg-white/80 text-neutral hover:bg-white pointer-coarse:size-11 pointer-coarse:text-lg';

type Slide = { image: string; title: string; text: string; dark: boolean };

export const slides: Slide[] = [
  {
    image: banner1,
    title: 'Great laptops, second-hand prices',
    text: 'MacBooks, ThinkPads, XPS and more, checked and graded by their sellers.',
    dark: true,
  },
  {
    image: banner2,
    title: 'Save up to 60% on your next laptop',
    text: 'Compare the original and resale price on every listing.',
    dark: false,
  },
  {
    image: banner3,
    title: 'Verified sellers, secure card payment',
    text: 'Look for the blue tick and pay safely by card when you book.',
    dark: true,
  },
  {
    image: banner4,
    title: 'Sell the laptop you no longer use',
    text: 'Post it in a minute and meet buyers near you.',
    dark: false,
  },
];

/**
 * The Home slideshow. It keeps playing after the visitor picks a slide; the pause
 * button is there for people who need the motion to stop (WCAG 2.2.2).
 */
export function BannerSlideshow() {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  // Bumped on every manual choice so the chosen slide gets a full interval.
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => {
      setCurrent((index) => (index + 1) % slides.length);
    }, SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, tick]);

  const goTo = useCallback((index: number) => {
    setCurrent((index + slides.length) % slides.length);
    setTick((value) => value + 1);
  }, []);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative overflow-hidden rounded-box bg-neutral"
    >
      <div className="relative aspect-[4/3] sm:aspect-[16/7] lg:aspect-[5/2]">
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={index !== current}
            data-active={index === current}
            className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${
              index === current ? 'opacity-100' : 'pointer-events-none opacity-0'
            }`}
          >
            <img
              src={slide.image}
              alt=""
              width={1600}
              height={640}
              fetchPriority={index === 0 ? 'high' : 'low'}
              loading={index === 0 ? 'eager' : 'lazy'}
              className="absolute inset-0 h-full w-full object-cover object-right"
            />
            {/* On narrow screens the art sits under the text: a scrim keeps the text readable. */}
            <div
              aria-hidden="true"
              className={`absolute inset-0 lg:hidden ${
                slide.dark
                  ? 'bg-gradient-to-r from-slate-950/90 via-slate-950/75 to-slate-950/45'
                  : 'bg-gradient-to-r from-white/95 via-white/85 to-white/55'
              }`}
            />
            <div
              className={`relative flex h-full max-w-xl flex-col justify-center gap-3 p-6 sm:p-10 lg:p-14 ${
                slide.dark ? 'text-white' : 'text-neutral'
              }`}
            >
              <p
                className={`text-2xl font-extrabold leading-tight sm:text-4xl lg:text-5xl ${
                  slide.dark
                    ? '[text-shadow:0_2px_12px_rgb(0_0_0/0.45)]'
                    : '[text-shadow:0_2px_12px_rgb(255_255_255/0.8)]'
                }`}
              >
                {slide.title}
              </p>
              <p className="max-w-md text-sm sm:text-lg">{slide.text}</p>
            </div>
          </div>
        ))}
      </div>

      <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-2 rounded-full bg-slate-950/55 px-2 py-1 backdrop-blur">
        <button
          type="button"
          className={controlButton}
          aria-label="Previous slide"
          onClick={() => goTo(current - 1)}
        >
          ‹
        </button>
        {slides.map((slide, index) => (
          <button
            key={slide.image}
            type="button"
            aria-label={`Show slide ${index + 1}`}
            aria-current={index === current}
            onClick={() => goTo(index)}
            // A 24 px target around the small dot (WCAG 2.5.8), 44 px tall for a finger.
            className="group flex h-6 min-w-6 items-center justify-center pointer-coarse:h-11 pointer-coarse:min-w-8"
          >
            <span
              aria-hidden="true"
              className={`block h-2.5 rounded-full transition-all ${
                index === current ? 'w-6 bg-primary' : 'w-2.5 bg-white/70 group-hover:bg-white'
              }`}
            />
          </button>
        ))}
        <button
          type="button"
          className={controlButton}
          aria-label="Next slide"
          onClick={() => goTo(current + 1)}
        >
          ›
        </button>
        <button
          type="button"
          className={controlButton}
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? '▶' : '❚❚'}
        </button>
      </div>
    </section>
  );
}
