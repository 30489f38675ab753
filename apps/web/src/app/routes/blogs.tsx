import { blogPosts } from '../../features/blogs/blog-posts.ts';

export function BlogsPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8 sm:mb-10">
        <p className="text-sm font-semibold tracking-wide text-orange-800 uppercase">Q&amp;A</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">Blogs</h1>
        <p className="text-base-content/75 mt-3 text-lg leading-relaxed">
          Short, practical answers to questions web developers ask us most often.
        </p>
        <nav aria-label="Questions on this page" className="mt-6">
          <ol className="space-y-2">
            {blogPosts.map((post, index) => (
              <li key={post.id} className="flex gap-3">
                <span className="font-semibold text-orange-800 tabular-nums" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <a href={`#${post.id}`} className="link link-hover">
                  {post.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>

      <div className="space-y-6 sm:space-y-8">
        {blogPosts.map((post, index) => (
          <article
            key={post.id}
            id={post.id}
            aria-labelledby={`${post.id}-title`}
            className="card border-base-300 bg-base-100 scroll-mt-24 border shadow-sm"
          >
            <div className="card-body gap-4 p-5 sm:p-8">
              <p className="text-base-content/75 text-sm font-medium" aria-hidden="true">
                Question {index + 1} of {blogPosts.length}
              </p>
              <h2
                id={`${post.id}-title`}
                className="card-title text-xl leading-snug font-bold sm:text-2xl"
              >
                {post.question}
              </h2>
              <div className="text-base-content/85 space-y-4 leading-relaxed">
                {post.answer.map((paragraph, paragraphIndex) => (
                  <p key={paragraphIndex}>{paragraph}</p>
                ))}
              </div>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
