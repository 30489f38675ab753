import { useCallback, useEffect, useRef, useState } from 'react';
import { acceptedImageTypes, MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { imageMessages, productMessages } from '@laptops/shared/messages';
import { MAX_PHOTOS } from '@laptops/shared/products';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { messages } from '../../../lib/messages.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { photoPickerMessages as t } from '../messages.ts';
import { PhotoTooSmallError, resizePhoto } from './resize-photo.ts';

/** One photo of the listing being made, from the moment it is picked. */
export type PhotoTile = {
  /** Stays with the photo as it moves (React's key, focus after a move). */
  id: string;
  /** What the tile shows: the picked file, or the listing's thumbnail. */
  preview: string;
  /** The picked file; null for a photo the listing already had. */
  file: File | null;
  status: 'uploading' | 'uploaded' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  /** Where /api/images stored it, once uploaded. */
  url: string | null;
  error: string | null;
  /** A network or server failure can be tried again; a refused file cannot. */
  retryable: boolean;
};

/** A photo the listing already has. */
export type SavedPhoto = { url: string; thumbnail: string };

let lastId = 0;
const newId = () => `photo-${++lastId}`;

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : messages.serverError;

/** The host refused the file itself (type, size, unreadable): sending it again is no use. */
const isRefusedFile = (error: unknown) =>
  error instanceof PhotoTooSmallError ||
  (error instanceof ApiRequestError && [400, 413, 415, 422].includes(error.status));

/** What stops the photos from being saved, or null when they can be. */
export function photosProblem(tiles: PhotoTile[]): string | null {
  if (tiles.length === 0) return productMessages.image;
  const failed = tiles.findIndex((tile) => tile.status === 'failed');
  if (failed >= 0) return t.failed(failed + 1);
  return null;
}

/**
 * The photos of a listing: each uploads as soon as it is picked (resized first), so
 * saving the form only waits for what is still on its way. The list is kept in a ref
 * as well as in state, so `settled()` reads the outcome of uploads that have just
 * finished, before React has drawn them.
 */
export function usePhotoList(saved: SavedPhoto[] = []) {
  const [tiles, setTiles] = useState<PhotoTile[]>(() =>
    saved.map((photo) => ({
      id: newId(),
      preview: photo.thumbnail,
      file: null,
      status: 'uploaded',
      progress: 1,
      url: photo.url,
      error: null,
      retryable: false,
    })),
  );
  const tilesRef = useRef(tiles);
  const uploads = useRef(new Map<string, Promise<void>>());
  /** Files refused on the last pick, and why. */
  const [refusals, setRefusals] = useState<string[]>([]);

  const update = useCallback((change: (tiles: PhotoTile[]) => PhotoTile[]) => {
    tilesRef.current = change(tilesRef.current);
    setTiles(tilesRef.current);
  }, []);

  const patch = useCallback(
    (id: string, fields: Partial<PhotoTile>) =>
      update((all) => all.map((tile) => (tile.id === id ? { ...tile, ...fields } : tile))),
    [update],
  );

  const upload = useCallback(
    (id: string, file: File) => {
      const job = (async () => {
        patch(id, { status: 'uploading', progress: 0, error: null, retryable: false });
        try {
          const resized = await resizePhoto(file);
          if (resized.size > MAX_IMAGE_BYTES) {
            patch(id, { status: 'failed', error: imageMessages.tooLarge });
            return;
          }
          const url = await uploadImage(resized, (progress) => patch(id, { progress }));
          patch(id, { status: 'uploaded', progress: 1, url });
        } catch (error) {
          patch(id, {
            status: 'failed',
            error: errorMessage(error),
            retryable: !isRefusedFile(error),
          });
        } finally {
          uploads.current.delete(id);
        }
      })();
      uploads.current.set(id, job);
    },
    [patch],
  );

  /** Adds picked files after the photos there are, as many as fit, and uploads them. */
  const add = useCallback(
    (files: Iterable<File>) => {
      const refused: string[] = [];
      const room = MAX_PHOTOS - tilesRef.current.length;
      const accepted: File[] = [];
      let leftOut = 0;
      for (const file of files) {
        if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
          refused.push(t.notAdded(file.name, imageMessages.unsupported));
        } else if (accepted.length < room) {
          accepted.push(file);
        } else {
          leftOut += 1;
        }
      }
      if (leftOut > 0) refused.push(t.tooMany(MAX_PHOTOS, leftOut));
      setRefusals(refused);
      const added = accepted.map((file): PhotoTile => ({
        id: newId(),
        preview: URL.createObjectURL(file),
        file,
        status: 'uploading',
        progress: 0,
        url: null,
        error: null,
        retryable: false,
      }));
      update((all) => [...all, ...added]);
      for (const tile of added) if (tile.file) upload(tile.id, tile.file);
    },
    [update, upload],
  );

  const retry = useCallback(
    (id: string) => {
      const tile = tilesRef.current.find((each) => each.id === id);
      if (tile?.file && tile.status === 'failed' && tile.retryable) upload(id, tile.file);
    },
    [upload],
  );

  const remove = useCallback(
    (id: string) => {
      const tile = tilesRef.current.find((each) => each.id === id);
      if (tile?.file) URL.revokeObjectURL(tile.preview);
      // An upload still on its way finishes unseen: nothing uses what it stored.
      update((all) => all.filter((each) => each.id !== id));
    },
    [update],
  );

  /** Moves a photo to the given position (0 is the cover). */
  const move = useCallback(
    (id: string, to: number) =>
      update((all) => {
        const from = all.findIndex((tile) => tile.id === id);
        if (from < 0 || to < 0 || to >= all.length || from === to) return all;
        const moved = [...all];
        const [tile] = moved.splice(from, 1);
        if (tile) moved.splice(to, 0, tile);
        return moved;
      }),
    [update],
  );

  /** The photos once every upload on its way has finished, successfully or not. */
  const settled = useCallback(async () => {
    while (uploads.current.size > 0) await Promise.all(uploads.current.values());
    return tilesRef.current;
  }, []);

  // The previews of picked files hold their bytes until revoked.
  useEffect(
    () => () => {
      for (const tile of tilesRef.current) if (tile.file) URL.revokeObjectURL(tile.preview);
    },
    [],
  );

  return { tiles, refusals, add, retry, remove, move, settled };
}

export type PhotoList = ReturnType<typeof usePhotoList>;
