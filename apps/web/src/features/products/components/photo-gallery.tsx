import { useRef, useState, type KeyboardEvent } from 'react';
import type { ProductDetails } from '@laptops/shared/products';
import { laptopPageMessages as t } from '../laptop-page-messages.ts';

type Photo = ProductDetails['photos'][number];

/** Stored photos are at most 1600 px a side; their thumbnails 640 px wide. */
const srcSet = (photo: Photo) => `${photo.thumbnail} 640w, ${photo.url} 1600w`;
const SIZES = '(min-width: 1024px) 58vw, 100vw';

/**
 * A laptop's photos: one at a time in a strip that swipes on a touch screen (CSS
 * scroll snapping, so the browser does the gesture), with arrows, the arrow keys and
 * thumbnails to move, and a full-size view to zoom into. Each photo holds its 4:3
 * place before it loads, so nothing moves.
 */
export function PhotoGallery({ photos, name }: { photos: Photo[]; name: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const zoom = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState(0);
  const many = photos.length > 1;

  const show = (index: number) => {
    const target = Math.max(0, Math.min(photos.length - 1, index));
    const element = strip.current;
    element?.scrollTo({ left: target * element.clientWidth, behavior: 'smooth' });
    setCurrent(target);
  };

  // A swipe ends where the browser snapped it: that photo is the current one.
  const onScroll = () => {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const index = Math.round(element.scrollLeft / element.clientWidth);
    if (index !== current) setCurrent(index);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    show(current + step);
  };

  const photo = photos[current] ?? photos[0];
  return (
    <div className="flex flex-col gap-3">
      <div
        role="region"
        aria-roledescription={t.galleryRole}
        aria-label={t.galleryLabel(name)}
        className="relative overflow-hidden rounded-box bg-base-200"
      >
        <div
          ref={strip}
          onScroll={onScroll}
          className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none]"
        >
          {photos.map((item, index) => (
            <button
              key={item.url}
              type="button"
              className="w-full shrink-0 snap-center cursor-zoom-in focus-visible:outline-offset-[-4px]"
              onClick={() => zoom.current?.showModal()}
              onKeyDown={onKeyDown}
              aria-label={t.zoom(index + 1)}
              tabIndex={index === current ? 0 : -1}
            >
              <img
                src={item.url}
                srcSet={srcSet(item)}
                sizes={SIZES}
                alt={t.photoAlt(name, index + 1, photos.length)}
                width={1600}
                height={1200}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'auto' : 'async'}
                className="aspect-[4/3] w-full object-contain"
              />
            </button>
          ))}
        </div>
        {many && (
          <>
            <button
              type="button"
              className="btn absolute top-1/2 left-2 btn-circle -translate-y-1/2 border-0 bg-base-100/85 shadow"
              onClick={() => show(current - 1)}
              disabled={current === 0}
              aria-label={t.previous}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="btn absolute top-1/2 right-2 btn-circle -translate-y-1/2 border-0 bg-base-100/85 shadow"
              onClick={() => show(current + 1)}
              disabled={current === photos.length - 1}
              aria-label={t.next}
            >
              <span aria-hidden="true">›</span>
            </button>
            <span
              className="badge absolute right-3 bottom-3 border-0 bg-neutral/80 text-neutral-content"
              aria-live="polite"
            >
              {current + 1} / {photos.length}
            </span>
          </>
        )}
      </div>

      {many && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t.thumbnails}>
          {photos.map((item, index) => (
            <li key={item.url} className="shrink-0">
              <button
                type="button"
                onClick={() => show(index)}
                aria-label={t.showPhoto(index + 1)}
                aria-current={index === current || undefined}
                className={`block overflow-hidden rounded-lg border-2 ${
                  index === current ? 'border-primary' : 'border-transparent'
                }`}
              >
                <img
                  src={item.thumbnail}
                  alt=""
                  width={80}
                  height={60}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-20 bg-base-200 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      <dialog ref={zoom} className="modal" aria-label={t.zoomedLabel(name)}>
        <div className="modal-box w-full max-w-5xl p-2">
          <form method="dialog" className="flex justify-end">
            <button type="submit" className="btn btn-sm">
              {t.close}
            </button>
          </form>
          {/* The stored photo at its own size: scroll to look closer on a small screen. */}
          <div className="mt-2 max-h-[80vh] overflow-auto">
            <img
              src={photo?.url}
              alt={t.photoAlt(name, current + 1, photos.length)}
              className="max-w-none sm:max-w-full"
            />
          </div>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1}>
            {t.close}
          </button>
        </form>
      </dialog>
    </div>
  );
}
