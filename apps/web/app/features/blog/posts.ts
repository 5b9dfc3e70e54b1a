/**
 * The blog's posts, kept as files in the repository (docs/decisions/016, section 4.1): one object per post, newest
 * first. The blog shows only when `features.blog.active` is on and "Blog" is not disallowed.
 */
export interface BlogPost {
  slug: string;
  title: string;
  /** ISO date (Europe/Paris). */
  date: string;
  paragraphs: string[];
}

export const blogPosts: BlogPost[] = [
  {
    slug: 'la-pate-a-pizza-maison',
    title: 'Notre pâte à pizza, 48 heures de patience',
    date: '2026-11-02',
    paragraphs: [
      'Chaque matin, nous pétrissons la pâte du surlendemain : farine de blé T65 du Beaujolais, eau, sel et très peu de levure.',
      'Ces 48 heures de maturation au froid la rendent légère et digeste, avec ce bord gonflé et alvéolé qui croustille au sortir du four à bois.',
    ],
  },
];
