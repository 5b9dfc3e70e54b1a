/** The blog's posts (the /blog screen of section 2 of the specification): what the routes use of this feature. */
export { blogPosts } from './posts.ts';
