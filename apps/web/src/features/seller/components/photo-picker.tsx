import { useEffect, useRef, useState, type DragEvent, type RefObject } from 'react';
import { acceptedImageTypes, MIN_LISTING_PHOTO_SIDE } from '@laptops/shared/images';
import { MAX_PHOTOS } from '@laptops/shared/products';
import { FieldShell } from '../../../components/ui/form-field.tsx';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { photoPickerMessages as t } from '../messages.ts';
import type { PhotoList, PhotoTile } from './use-photo-list.ts';

type Control = 'earlier' | 'later' | 'remove' | 'retry';

/**
 * The listing's photos: pick several at once, and more later (they are added after the
 * others); each shows its upload, can be removed, and moves by drag and drop or by its
 * arrow buttons. The first is the cover. Moves and removals are announced, and the
 * focus stays with the photo that moved (or goes to the next one after a removal).
 */
export function PhotoPicker({
  photos,
  error,
  inputRef,
}: {
  photos: PhotoList;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { tiles } = photos;
  const listRef = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  /** Where the focus goes once the list has been drawn again. */
  const focusNext = useRef<{ id: string; control: Control } | 'input' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'input') inputRef.current?.focus();
    else {
      listRef.current
        ?.querySelector<HTMLElement>(
          `[data-photo="${target.id}"] [data-control="${target.control}"]`,
        )
        ?.focus();
    }
  }, [tiles, inputRef]);

  const move = (tile: PhotoTile, to: number, control?: Control) => {
    if (to < 0 || to >= tiles.length) return;
    photos.move(tile.id, to);
    if (control) focusNext.current = { id: tile.id, control };
    setAnnouncement(t.moved(to + 1, tiles.length));
  };

  const remove = (index: number) => {
    const next = tiles[index + 1] ?? tiles[index - 1];
    focusNext.current = next ? { id: next.id, control: 'remove' } : 'input';
    photos.remove(tiles[index]?.id ?? '');
    setAnnouncement(t.removed(index + 1));
  };

  const endDrag = () => {
    setDragged(null);
    setDropTarget(null);
  };

  /** A photo dropped on another takes its place; files dropped from the desktop are added. */
  const onDrop = (event: DragEvent, index?: number) => {
    event.preventDefault();
    event.stopPropagation();
    const tile = tiles.find((each) => each.id === dragged);
    if (tile && index !== undefined) move(tile, index);
    else if (!dragged && event.dataTransfer?.files.length) photos.add(event.dataTransfer.files);
    endDrag();
  };

  const full = tiles.length >= MAX_PHOTOS;

  return (
    <div
      className="sm:col-span-2"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => onDrop(event)}
    >
      <FieldShell
        label={t.label}
        hint={full ? t.full(MAX_PHOTOS) : t.hint(MAX_PHOTOS, MIN_LISTING_PHOTO_SIDE)}
        error={error}
        errorBesideLabel
        control={(props) => (
          <input
            {...props}
            ref={inputRef}
            type="file"
            multiple
            accept={acceptedImageTypes.join(',')}
            className="file-input w-full"
            onChange={(event) => {
              if (event.target.files) photos.add(event.target.files);
              // Picking the same file again after removing it is a change too.
              event.target.value = '';
            }}
          />
        )}
      />
      {photos.refusals.length > 0 && (
        <ul role="alert" className="mt-2 flex flex-col gap-1 text-sm text-error">
          {photos.refusals.map((refusal) => (
            <li key={refusal}>{refusal}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 text-sm text-base-content/75">
        <p>{t.shotsTitle}</p>
        <ul className="ms-5 list-disc">
          {t.shots.map((shot) => (
            <li key={shot}>{shot}</li>
          ))}
        </ul>
      </div>
      {tiles.length > 0 && (
        <ol
          ref={listRef}
          aria-label={t.yourPhotos}
          className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4"
        >
          {tiles.map((tile, index) => (
            <PhotoTileView
              key={tile.id}
              tile={tile}
              position={index + 1}
              count={tiles.length}
              dragged={dragged === tile.id}
              dropTarget={dropTarget === tile.id && dragged !== tile.id}
              onDragStart={(event) => {
                setDragged(tile.id);
                event.dataTransfer?.setData('text/plain', tile.id);
                if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                setDropTarget(tile.id);
              }}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={endDrag}
              onEarlier={() => move(tile, index - 1, 'earlier')}
              onLater={() => move(tile, index + 1, 'later')}
              onRemove={() => remove(index)}
              onRetry={() => {
                // The Retry button goes while the photo uploads again: keep the focus on its tile.
                focusNext.current = { id: tile.id, control: 'earlier' };
                photos.retry(tile.id);
              }}
            />
          ))}
        </ol>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

type TileProps = {
  tile: PhotoTile;
  position: number;
  count: number;
  dragged: boolean;
  dropTarget: boolean;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
  onEarlier: () => void;
  onLater: () => void;
  onRemove: () => void;
  onRetry: () => void;
};

const iconButton = 'btn btn-square btn-ghost btn-sm';

function PhotoTileView({ tile, position, count, dragged, dropTarget, ...on }: TileProps) {
  const percent = Math.round(tile.progress * 100);
  const first = position === 1;
  const last = position === count;
  return (
    <li
      data-photo={tile.id}
      draggable
      onDragStart={on.onDragStart}
      onDragOver={on.onDragOver}
      onDrop={on.onDrop}
      onDragEnd={on.onDragEnd}
      className={[
        'flex min-w-0 cursor-grab flex-col overflow-hidden rounded-box border bg-base-100',
        dropTarget ? 'border-primary ring-2 ring-primary' : 'border-base-300',
        dragged ? 'opacity-50' : '',
      ].join(' ')}
    >
      <div className="relative">
        <img
          src={tile.preview}
          alt={t.photo(position)}
          draggable={false}
          className="aspect-[4/3] w-full bg-base-200 object-cover"
        />
        {first && (
          <span className="badge badge-sm badge-primary absolute top-2 left-2">{t.cover}</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-2">
        {tile.status === 'uploading' && (
          <div className="flex items-center gap-2">
            <progress
              className="progress progress-primary w-full"
              value={percent}
              max={100}
              aria-label={t.uploading(position)}
            />
            <span className="w-10 text-right text-xs tabular-nums" aria-hidden="true">
              {percent}%
            </span>
          </div>
        )}
        {tile.status === 'failed' && (
          <div role="alert" className="flex flex-col items-start gap-1">
            <p className="text-sm text-error">{tile.error}</p>
            {tile.retryable && (
              <button
                type="button"
                data-control="retry"
                className="btn btn-xs"
                aria-label={t.retryLabel(position)}
                onClick={on.onRetry}
              >
                {t.retry}
              </button>
            )}
          </div>
        )}
        <div className="mt-auto flex items-center justify-between">
          {/* aria-disabled, not disabled: a disabled button would drop the focus at the ends. */}
          <button
            type="button"
            data-control="earlier"
            className={iconButton}
            aria-label={t.moveEarlier(position)}
            title={t.moveEarlier(position)}
            aria-disabled={first || undefined}
            onClick={first ? undefined : on.onEarlier}
          >
            <span aria-hidden="true" className="text-base">
              ←
            </span>
          </button>
          <button
            type="button"
            data-control="later"
            className={iconButton}
            aria-label={t.moveLater(position)}
            title={t.moveLater(position)}
            aria-disabled={last || undefined}
            onClick={last ? undefined : on.onLater}
          >
            <span aria-hidden="true" className="text-base">
              →
            </span>
          </button>
          <button
            type="button"
            data-control="remove"
            className={`${iconButton} text-error`}
            aria-label={t.remove(position)}
            title={t.remove(position)}
            onClick={on.onRemove}
          >
            <LineIcon name="close" className="h-4 w-4" />
          </button>
        </div>
      </div>
    </li>
  );
}
