import { useRef } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { paths } from '../../../config/paths.ts';
import {
  useFavourites,
  useRemoveFavourite,
} from '../../../features/favourites/api/use-favourites.ts';
import { SavedLaptopCard } from '../../../features/favourites/components/saved-laptop-card.tsx';
import { favouriteMessages as t } from '../../../features/favourites/messages.ts';

/**
 * Saved laptops: the buyer's saved laptops, newest first, each saying where it stands
 * (for sale, cheaper than when saved, sold, no longer listed) with a Remove button; an
 * empty list points to the search.
 */
export function SavedPage() {
  const favourites = useFavourites();
  const remove = useRemoveFavourite();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <ListPage
      title={t.title}
      headingRef={headingRef}
      query={favourites}
      loadFailed={t.loadFailed}
      retryLabel={t.retry}
    >
      {(list) =>
        list.length === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 p-6">
            <h2 className="text-lg font-semibold">{t.emptyTitle}</h2>
            <p className="max-w-prose text-base-content/80">{t.emptyText}</p>
            <Link to={paths.search.getHref()} className="btn btn-primary">
              {t.emptyLink}
            </Link>
          </div>
        ) : (
          <>
            <p className="mb-6 text-base-content/80">{t.intro}</p>
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((favourite) => (
                <li key={favourite.product._id}>
                  <SavedLaptopCard
                    favourite={favourite}
                    removing={remove.isPending && remove.variables === favourite.product._id}
                    onRemove={() =>
                      remove.mutate(favourite.product._id, {
                        onSuccess: () => {
                          toast.success(t.removed_);
                          // The card and its button are gone: focus goes to the heading.
                          headingRef.current?.focus();
                        },
                        onError: (error) => toast.error(error.message),
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          </>
        )
      }
    </ListPage>
  );
}
