// The route progress bar (NProgress), loaded by RootShell on the first navigation: not part of the
// first screen's download.
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';
import { frShell as fr } from '../shared/locale/frShell';

// NProgress's own template gives the bar `role="bar"`, which is no ARIA role: a named progress bar instead
// (found by its class, as NProgress looks for its bar by that role).
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 150,
  barSelector: '.bar',
  template: `<div class="bar" role="progressbar" aria-label="${fr.app.screenLoading}"><div class="peg"></div></div>`,
});

export default NProgress;
