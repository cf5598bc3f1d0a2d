// One section of the user guide: a screen of the product, told to an agent who never saw it.
export interface GuideSection {
  /** The screen's path, as in app/screens.ts (`/login` for the sign-in page): its title and the roles
   *  that open it are read from there, and « Ouvrir l'écran » leads to it. */
  path: string;
  /** The screenshot's name: web/public/guide/<screenshot>.png, taken by the browser test
   *  e2e/guide.test.mjs, which fails when it does not take it. */
  screenshot: string;
  /** What the screenshot shows, for who cannot see it (the image's alternative text). */
  alt: string;
  /** What the screen is for, in a sentence or two. */
  purpose: string;
  /** What an agent does there, step by step; the buttons by their labels, between « ». */
  steps: readonly string[];
  /** What to do when something is refused. */
  refused: readonly string[];
}
