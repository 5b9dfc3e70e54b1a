import type { Route } from './+types/blog';
import { requireAllowedPage } from '../lib/site-pages.server.ts';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { Prose } from '../features/site/index.ts';
import { blogPosts } from '../features/blog/index.ts';
import { formatDate } from '@resto/domain/format';
import { blogPage } from '@resto/copy/storefront/site';

/** The blog feature is off by default (spec section 1): then /blog redirects home. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAllowedPage(context, request, 'Blog');
  return null;
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(blogPage.heading, { location, matches }, blogPage.intro, { site: siteMetaFrom(matches) });

/** /blog: every post on one page, each with an anchor (no path parameters, spec section 2). */
export default function Blog() {
  return (
    <Prose title={blogPage.heading}>
      {blogPosts.map((post) => (
        <section key={post.slug} id={post.slug}>
          <h2>{post.title}</h2>
          <p className="text-sm text-ink/70">
            <time dateTime={post.date}>{formatDate(post.date)}</time>
          </p>
          {post.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </Prose>
  );
}
