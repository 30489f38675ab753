/**
 * The "did you mean" offer beside the count of matches: the same search again with
 * a near spelling that finds far more.
 */
import { Link } from 'react-router';
import { searchMessages } from '../messages.ts';

const t = searchMessages;

type DidYouMeanProps = {
  /** The near spelling. */
  query: string;
  /** The same search with it. */
  to: string;
  /** Called with the link when followed: the focus moves on with the new results. */
  onFollow: (link: Element) => void;
};

export function DidYouMean({ query, to, onFollow }: DidYouMeanProps) {
  return (
    <span>
      {` · ${t.didYouMean} `}
      <Link
        to={to}
        className="link link-primary font-medium"
        // The link goes with the results it was offered beside.
        onClick={(event) => onFollow(event.currentTarget)}
      >
        {query}
      </Link>
      ?
    </span>
  );
}
