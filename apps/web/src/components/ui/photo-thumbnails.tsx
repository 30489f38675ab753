/**
 * A row of photo thumbnails, each opening the full photo in a new tab (a dispute's
 * evidence, for its buyer and seller, and larger for admins).
 */
export function PhotoThumbnails({
  photos,
  altFor,
  large = false,
}: {
  photos: { url: string; thumbnail: string }[];
  /** The link's text for the photo at this 1-based position. */
  altFor: (position: number) => string;
  large?: boolean;
}) {
  return (
    <ul className="flex flex-wrap gap-3">
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block">
            <img
              src={photo.thumbnail}
              alt={altFor(index + 1)}
              width={large ? 112 : 96}
              height={large ? 84 : 72}
              className={`aspect-[4/3] rounded-box border border-base-300 object-cover ${large ? 'w-28' : 'w-24'}`}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
